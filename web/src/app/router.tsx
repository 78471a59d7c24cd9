import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { NotFound, RootLayout, RouteError } from './routes/root';
import { dashboardRoutes, videoDetailRoute } from './routes/dashboard/routes';

type LazyModule = { default: ComponentType };
const page = (load: () => Promise<LazyModule>) => async () => ({ Component: (await load()).default });

/**
 * The route table of spec section 2. Every page is its own chunk (route-level code splitting); the
 * marketing pages sit outside `app-root`, so the landing page loads neither the store nor antd.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, lazy: page(() => import('./routes/landing')), errorElement: <RouteError /> },
      { path: paths.privacy.path, lazy: page(() => import('./routes/privacy')), errorElement: <RouteError /> },
      { path: paths.terms.path, lazy: page(() => import('./routes/terms')), errorElement: <RouteError /> },
      {
        lazy: page(() => import('./routes/app-root')),
        errorElement: <RouteError />,
        children: [
          { path: paths.login.path, lazy: page(() => import('./routes/login')), errorElement: <RouteError /> },
          { path: paths.register.path, lazy: page(() => import('./routes/register')), errorElement: <RouteError /> },
          { path: paths.forgotPassword.path, lazy: page(() => import('./routes/forgot-password')), errorElement: <RouteError /> },
          { path: paths.resetPassword.path, lazy: page(() => import('./routes/reset-password')), errorElement: <RouteError /> },
          { path: paths.verify.path, lazy: page(() => import('./routes/verify')), errorElement: <RouteError /> },
          {
            lazy: page(() => import('./routes/app-shell')),
            errorElement: <RouteError />,
            children: [
              // Guarded: no stored token and no loaded user → /login.
              { lazy: page(() => import('./routes/guard')), children: dashboardRoutes },
              // Not guarded (spec): anyone holding a video id may open it.
              videoDetailRoute,
            ],
          },
        ],
      },
      { path: '*', Component: NotFound },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
