import type { RouteObject } from 'react-router-dom';
import { paths } from '../../../config/paths';

/**
 * Dashboard route objects. Only lazy references here so the public site
 * never loads dashboard code. The shell's router wraps `dashboardRoutes`
 * in its auth guard; `videoDetailRoute` is deliberately NOT guarded
 * (product spec: the video detail page is reachable without the guard).
 */
export const dashboardRoutes: RouteObject[] = [
  {
    path: paths.dashboard.root.path,
    lazy: () => import('./layout').then((m) => ({ Component: m.default })),
    children: [
      { index: true, lazy: () => import('./home').then((m) => ({ Component: m.default })) },
      { path: 'create', lazy: () => import('./create').then((m) => ({ Component: m.default })) },
      { path: 'view', lazy: () => import('./view').then((m) => ({ Component: m.default })) },
      { path: 'guides', lazy: () => import('./guides').then((m) => ({ Component: m.default })) },
      { path: 'billing', lazy: () => import('./billing').then((m) => ({ Component: m.default })) },
      { path: 'account', lazy: () => import('./account').then((m) => ({ Component: m.default })) },
      { path: 'affiliates', lazy: () => import('./affiliates').then((m) => ({ Component: m.default })) },
      { path: 'analytics', lazy: () => import('./analytics').then((m) => ({ Component: m.default })) },
    ],
  },
];

/** `/dashboard/view/:id` — not guarded; renders in the dashboard shell when signed in, a minimal shell otherwise. */
export const videoDetailRoute: RouteObject = {
  path: paths.dashboard.detail.path,
  lazy: () => import('./video-detail').then((m) => ({ Component: m.default })),
};
