/**
 * The app rendered to HTML at build time (`scripts/prerender.mjs`, after `vite build --ssr`): the
 * public pages and the sign-in screens go out as finished HTML that the browser paints before any
 * script runs; `main.tsx` then hydrates it. Only the pages in PRERENDERED_PAGES are rendered so.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadRoute, routeHandles } from './app/router';
import { PAGE_HEADS, documentTitle } from './config/page-heads';
import { paths } from './config/paths';

export { PAGE_HEADS, documentTitle };

/**
 * The signed-in pages, which are not prerendered (they are the visitor's own): each gets a copy of
 * index.html naming its routes' chunks and styles, so the browser fetches them all at once with the
 * entry instead of one layout after another. `path` is what the server matches (`/*`: any id).
 */
export const APP_PAGES: Array<{ name: string; path: string; example?: string }> = [
  { name: 'dashboard', path: paths.dashboard.root.path },
  { name: 'dashboard-create', path: paths.dashboard.create.path },
  { name: 'dashboard-view', path: paths.dashboard.view.path },
  { name: 'dashboard-video', path: `${paths.dashboard.view.path}/*`, example: paths.dashboard.detail.getHref('id') },
  { name: 'dashboard-guides', path: paths.dashboard.guides.path },
  { name: 'dashboard-billing', path: paths.dashboard.billing.path },
  { name: 'dashboard-account', path: paths.dashboard.account.path },
  { name: 'dashboard-affiliates', path: paths.dashboard.affiliates.path },
  { name: 'dashboard-analytics', path: paths.dashboard.analytics.path },
];

/** The source modules of the lazy routes a path opens (`src/app/routes/login.tsx`…). */
export function routeModules(path: string): string[] {
  return routeHandles(path).flatMap((handle) => (handle.module ? [handle.module] : []));
}

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The source modules of the page's lazy routes (`src/app/routes/login.tsx`), whose chunks and styles the page needs. */
  modules: string[];
}

export async function render(path: string): Promise<RenderedPage> {
  await preloadRoute(path);
  const html = renderToString(
    <AppProvider>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </AppProvider>,
  );
  return { html, modules: routeModules(path) };
}
