/** Render helpers for web component tests: a real store per test, real routes in a memory router. */
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { makeStore, type AppStore } from '../src/app/store';
import { AuthProvider } from '../src/lib/auth';
import { Toaster, resetToasts } from '../src/lib/toast';

export interface RenderRoutesOptions {
  /** Starting URL. */
  at: string;
  /** Routes besides the one under test (e.g. a '/dashboard' marker). */
  routes: RouteObject[];
  /** Wrap the routes in the AuthProvider (default true). */
  withAuth?: boolean;
}

export function renderRoutes({ at, routes, withAuth = true }: RenderRoutesOptions): RenderResult & { store: AppStore; router: ReturnType<typeof createMemoryRouter> } {
  resetToasts();
  const store = makeStore();
  const router = createMemoryRouter(
    [{ element: withAuth ? <AuthProvider><OutletProxy /></AuthProvider> : <OutletProxy />, children: routes }],
    { initialEntries: [at] },
  );
  const utils = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { ...utils, store, router };
}

function OutletProxy() {
  return <Outlet />;
}

export function marker(path: string, text: string): RouteObject {
  return { path, element: <p>{text}</p> };
}

export function renderWithStore(ui: ReactElement): RenderResult & { store: AppStore } {
  const store = makeStore();
  return { ...render(<Provider store={store}>{ui}</Provider>), store };
}
