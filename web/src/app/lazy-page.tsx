import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, type Params, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoader } from './routes/root';
import { loadOnce } from '../lib/lazy-component';

/**
 * A route module: its page, and what the page reads first (`prefetch`, optional), which the app
 * asks for as soon as the module is in, before the page first renders (app/start.tsx).
 */
type PageModule = { default: ComponentType; prefetch?: (params: Params) => Promise<unknown> | void };

/** A route's component kept in its own chunk; `preload()` fetches the chunk ahead of its first render. */
export type LazyPage = ComponentType & {
  preload: () => Promise<unknown>;
  /** Ask for what the page reads first (its module's `prefetch`), once `preload()` has brought the module. */
  prefetch: (params: Params) => Promise<unknown> | void;
  /** The component's source module (`src/app/routes/landing.tsx`): the build's manifest names its chunk, styles and imports. */
  module?: string;
};

/**
 * Route-level code splitting with a way to fetch the chunk first. Before the chunk has arrived the
 * page suspends (its route boundary shows the loader, or keeps the server's HTML while hydrating);
 * once `preload()` has brought it, the page renders at once. The app preloads the chunks of the
 * page it opens on before hydrating the prerendered HTML, so hydration finds every component ready.
 */
export function lazyPage(load: () => Promise<PageModule>, module?: string): LazyPage {
  const { preload, loaded } = loadOnce(load);
  const Suspending = lazy(preload);
  function Page() {
    // Chosen once per mount: a component whose type changed later would lose its state.
    const [Component] = useState<ComponentType>(() => loaded()?.default ?? Suspending);
    return <Component />;
  }
  const prefetch = (params: Params) => loaded()?.prefetch?.(params);
  return Object.assign(Page, { preload, prefetch, module });
}

/**
 * The app's route modules by path (`routePage('dashboard/home')` is `src/app/routes/dashboard/home.tsx`),
 * each its own chunk. Knowing its module lets the build prerender a page with its own styles and
 * chunks named in the HTML.
 */
const ROUTE_MODULES = import.meta.glob<PageModule>([
  './routes/**/*.tsx',
  // Not pages: the root layout, the dashboard's route table and a part of its layout, the tests.
  '!./routes/root.tsx',
  '!./routes/dashboard/routes.tsx',
  '!./routes/dashboard/generation-tracker.tsx',
  '!./routes/**/*.spec.tsx',
]);

export function routePage(name: string): LazyPage {
  const load = ROUTE_MODULES[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No route module src/app/routes/${name}.tsx`);
  return lazyPage(load, `src/app/routes/${name}.tsx`);
}

/**
 * Around each route's component: an error boundary (a failed chunk load, a render error), reset when
 * the visitor goes to another page, and the loader while the route's chunk arrives.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** What a lazy route keeps in its `handle`. */
export interface RouteHandle {
  preload: () => Promise<unknown>;
  prefetch: LazyPage['prefetch'];
  module?: string;
}

/** A route whose component is its own chunk, in a boundary of its own; `handle.preload` fetches the chunk. */
export function lazyRoute(page: LazyPage, route: Omit<RouteObject, 'element' | 'handle'> = {}): RouteObject {
  const Page = page;
  return {
    ...route,
    element: (
      <RouteBoundary>
        <Page />
      </RouteBoundary>
    ),
    handle: { preload: page.preload, prefetch: page.prefetch, module: page.module } satisfies RouteHandle,
  } as RouteObject;
}
