import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { storeReferralFromSearch } from '../../lib/cookies';
import { trackPageView } from '../../lib/tracking';
import { Spinner } from '../../components/ui/spinner';
import { ErrorFallback } from '../../components/error-boundary';

/** Side effects of every page view: the pixel and the affiliate referral cookie. */
function PageViewEffects() {
  const location = useLocation();
  useEffect(() => {
    trackPageView(location.pathname);
    storeReferralFromSearch(location.search);
  }, [location.pathname, location.search]);
  return null;
}

export function PageLoader() {
  return (
    <div className="page-center" aria-busy="true">
      <Spinner />
    </div>
  );
}

/**
 * Root layout: page-view effects and a suspense fallback. It holds no store and no auth, so the public
 * marketing pages load neither Redux nor RTK Query; `app-root` adds them for the app routes.
 */
export function RootLayout() {
  return (
    <>
      <PageViewEffects />
      <ScrollRestoration />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Per-route error element (a failed chunk load, a render error). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  return <ErrorFallback />;
}

export function NotFound() {
  return (
    <main className="page-center not-found">
      <h1>404 Page Not Found</h1>
      <a className="btn btn--primary" href="/">
        Back to home
      </a>
    </main>
  );
}
