import { StrictMode, useEffect, type ReactNode } from 'react';
import { Toaster } from '../lib/toast';
import { ErrorBoundary } from '../components/error-boundary';
import { replayEarlyInteractions } from '../lib/early-interactions';

/**
 * App-wide providers: a last-resort error boundary and the toast area. The Redux store is provided by
 * the `app-root` route, so the marketing pages load neither Redux nor RTK Query.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  // The app has taken the page over. A signed-in page's skeleton was inert (no control in it answers)
  // until now; a tap or a submit on a page's HTML meanwhile was held, and is done now
  // (lib/early-interactions). The root says so (`data-app="live"`), for the browser tests to wait on.
  useEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('inert');
    root?.setAttribute('data-app', 'live');
    replayEarlyInteractions();
  }, []);
  return (
    <StrictMode>
      <ErrorBoundary>
        {children}
        <Toaster />
      </ErrorBoundary>
    </StrictMode>
  );
}
