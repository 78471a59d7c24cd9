import type { RouteObject } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { lazyRoute, routePage } from '../../lazy-page';

/**
 * Dashboard route objects. Only lazy references here so the public site
 * never loads dashboard code. The shell's router wraps `dashboardRoutes`
 * in its auth guard; `videoDetailRoute` is deliberately NOT guarded
 * (product spec: the video detail page is reachable without the guard).
 */
export const dashboardRoutes: RouteObject[] = [
  lazyRoute(routePage('dashboard/layout'), {
    path: paths.dashboard.root.path,
    children: [
      lazyRoute(routePage('dashboard/home'), { index: true }),
      lazyRoute(routePage('dashboard/create'), { path: 'create' }),
      lazyRoute(routePage('dashboard/view'), { path: 'view' }),
      lazyRoute(routePage('dashboard/library'), { path: 'library' }),
      lazyRoute(routePage('dashboard/guides'), { path: 'guides' }),
      lazyRoute(routePage('dashboard/billing'), { path: 'billing' }),
      lazyRoute(routePage('dashboard/account'), { path: 'account' }),
      lazyRoute(routePage('dashboard/affiliates'), { path: 'affiliates' }),
      lazyRoute(routePage('dashboard/analytics'), { path: 'analytics' }),
    ],
  }),
];

/** `/dashboard/view/:id` — not guarded; renders in the dashboard shell when signed in, a minimal shell otherwise. */
export const videoDetailRoute: RouteObject = lazyRoute(routePage('dashboard/video-detail'), { path: paths.dashboard.detail.path });
