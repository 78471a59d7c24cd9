import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { storeReferralFromSearch } from '../../lib/cookies';
import { trackPageView } from '../../lib/tracking';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { endHydration } from '../../lib/client-value';
import { setHydratingAt } from '../../lib/server-session';

/** Side effects of every page view: the pixel and the affiliate referral cookie. */
function PageViewEffects() {
  const location = useLocation();
  useEffect(() => {
    trackPageView(location.pathname);
    storeReferralFromSearch(location.search);
  }, [location.pathname, location.search]);
  return null;
}

/** A new page opens at its top; going back or forward leaves the scrolling to the browser. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return null;
}

/**
 * The page the browser loaded was taken over from its prerendered HTML (parts of it perhaps later
 * than others, as their code arrives): until the visitor goes to another page, a component that
 * mounts starts from its prerendered value (lib/client-value). From the first move on, none is.
 */
function HydrationEnd() {
  const { pathname } = useLocation();
  const loaded = useRef(pathname);
  useEffect(() => {
    if (pathname !== loaded.current) {
      endHydration();
      setHydratingAt(null);
    }
  }, [pathname]);
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
 * Root layout: page-view effects and scrolling. It holds no store and no auth, so the public
 * marketing pages load neither Redux nor RTK Query; `app-root` adds them for the app routes.
 */
export function RootLayout() {
  return (
    <>
      <PageViewEffects />
      <ScrollToTop />
      <HydrationEnd />
      <Outlet />
    </>
  );
}

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <main className="page-center not-found">
      <h1>404 Page Not Found</h1>
      <a className="btn btn--primary" href="/">
        Back to home
      </a>
    </main>
  );
}
