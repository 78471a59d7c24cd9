import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { Toaster } from '../lib/toast';
import { ErrorBoundary } from '../components/error-boundary';

/**
 * App-wide providers: a last-resort error boundary and the toast area. The Redux store is provided by the
 * `app-root` route (so the landing page stays light); pass `store` to provide one here (tests).
 */
export function AppProvider({ children, store }: { children: ReactNode; store?: AppStore }) {
  const content = (
    <>
      {children}
      <Toaster />
    </>
  );
  return (
    <StrictMode>
      <ErrorBoundary>{store ? <Provider store={store}>{content}</Provider> : content}</ErrorBoundary>
    </StrictMode>
  );
}
