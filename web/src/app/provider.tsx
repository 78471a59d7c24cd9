import { StrictMode, useEffect, type ReactNode } from 'react';
import { Toaster } from '../lib/toast';
import { ErrorBoundary } from '../components/error-boundary';
import { replayEarlyInteractions } from '../lib/early-interactions';

/**
 * App-wide providers: a last-resort error boundary and the toast area. The Redux store is provided by
 * the `app-root` route, so the marketing pages load neither Redux nor RTK Query.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  // A signed-in page's prerendered HTML stays inert (no control in it answers) until the app has taken
  // it over; a tap or a submit on a public page's HTML meanwhile was held, and is done now (lib/early-interactions).
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('inert');
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
