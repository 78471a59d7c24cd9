import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { NotFound, RootLayout } from './routes/root';
import { dashboardRoutes, videoDetailRoute } from './routes/dashboard/routes';
import { lazyRoute, routePage, type RouteHandle } from './lazy-page';
import { nextTask } from '../lib/waiting';

const AppRoot = routePage('app-root');
const AppShell = routePage('app-shell');
const Guard = routePage('guard');

/**
 * The route table of spec section 2. Every page is its own chunk (route-level code splitting); the
 * marketing pages sit outside `app-root`, so the landing page loads neither the store nor antd.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      lazyRoute(routePage('landing'), { path: paths.home.path }),
      lazyRoute(routePage('privacy'), { path: paths.privacy.path }),
      lazyRoute(routePage('terms'), { path: paths.terms.path }),
      lazyRoute(AppRoot, {
        children: [
          lazyRoute(routePage('login'), { path: paths.login.path }),
          lazyRoute(routePage('register'), { path: paths.register.path }),
          lazyRoute(routePage('forgot-password'), { path: paths.forgotPassword.path }),
          lazyRoute(routePage('reset-password'), { path: paths.resetPassword.path }),
          lazyRoute(routePage('verify'), { path: paths.verify.path }),
          lazyRoute(AppShell, {
            children: [
              // Guarded: no stored token and no loaded user → /login.
              lazyRoute(Guard, { children: dashboardRoutes }),
              // Not guarded (spec): anyone holding a video id may open it.
              videoDetailRoute,
            ],
          }),
        ],
      }),
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The page for the current location. */
export function AppRoutes() {
  return useRoutes(routes);
}

let lastMatched: { pathname: string; handles: RouteHandle[] } | undefined;

/**
 * The lazy routes the path matches: the page and the layouts around it. The last path's are kept:
 * matching ranks the whole route table each time, a few ms of a phone's first seconds, and a page
 * asks two or three times for its own path as it starts.
 */
export function routeHandles(pathname: string): RouteHandle[] {
  if (lastMatched?.pathname !== pathname) {
    const handles = (matchRoutes(routes, pathname) ?? []).map(({ route }) => route.handle as RouteHandle | undefined).filter((h): h is RouteHandle => Boolean(h));
    lastMatched = { pathname, handles };
  }
  return lastMatched.handles;
}

/**
 * Fetch the chunks of every route the path matches, so that the app can hydrate the page's
 * prerendered HTML, or render it on the server, without suspending.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.all(routeHandles(pathname).map((handle) => handle.preload()));
}

/**
 * `preloadRoute` one route after the other, outermost first, letting the browser breathe between
 * them: each chunk's code then runs in a task of its own rather than all in one long one (a page
 * whose chunks are already in, or on their way, loses nothing by it).
 */
export async function preloadRouteInTurn(pathname: string): Promise<void> {
  for (const handle of routeHandles(pathname)) {
    await handle.preload();
    await nextTask();
  }
}

/**
 * Ask for what the routes the path matches read first (each route module's `prefetch`), their
 * chunks being in (`preloadRoute`): settles when the answers are in the store, or have failed.
 */
export async function prefetchRoute(pathname: string): Promise<void> {
  const reads = (matchRoutes(routes, pathname) ?? []).map(({ route, params }) => (route.handle as RouteHandle | undefined)?.prefetch(params));
  await Promise.allSettled(reads);
}
