/**
 * The app rendered to HTML at build time (`scripts/prerender.mjs`, after `vite build --ssr`): the
 * public pages and the sign-in screens go out as finished HTML that the browser paints before any
 * script runs; `app/start.tsx` then hydrates it. The signed-in pages go out as a skeleton (the
 * dashboard's frame and the page's loading state) that the app replaces with the visitor's page.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter, type RouteObject } from 'react-router-dom';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadRoute, routeHandles, routes } from './app/router';
import { AntdProvider } from './components/antd-provider';
import { AntdStyleCatalog } from './components/antd-style-catalog';
import { PrerenderedSession } from './lib/auth';
import { APP_TITLES, PAGE_HEADS, documentTitle } from './config/page-heads';
import { paths } from './config/paths';

export { PAGE_HEADS, documentTitle };

/**
 * The signed-in pages (the visitor's own, so prerendered as a skeleton): each gets a copy of
 * index.html with its skeleton, naming its routes' chunks and styles so that the browser fetches
 * them all at once with the entry instead of one layout after another. `path` is what the server
 * matches (`/*`: any id); `example` the path rendered for it.
 */
export const APP_PAGES: Array<{ name: string; path: string; example?: string; title: string }> = [
  { name: 'dashboard', path: paths.dashboard.root.path, title: APP_TITLES.dashboard },
  { name: 'dashboard-create', path: paths.dashboard.create.path, title: APP_TITLES.create },
  { name: 'dashboard-view', path: paths.dashboard.view.path, title: APP_TITLES.videos },
  { name: 'dashboard-video', path: `${paths.dashboard.view.path}/*`, example: paths.dashboard.detail.getHref('id'), title: APP_TITLES.video },
  { name: 'dashboard-guides', path: paths.dashboard.guides.path, title: APP_TITLES.guides },
  { name: 'dashboard-billing', path: paths.dashboard.billing.path, title: APP_TITLES.billing },
  { name: 'dashboard-account', path: paths.dashboard.account.path, title: APP_TITLES.account },
  { name: 'dashboard-affiliates', path: paths.dashboard.affiliates.path, title: APP_TITLES.affiliates },
  { name: 'dashboard-analytics', path: paths.dashboard.analytics.path, title: APP_TITLES.analytics },
];

/** The source modules of the lazy routes a path opens (`src/app/routes/login.tsx`…). */
export function routeModules(path: string): string[] {
  return routeHandles(path).flatMap((handle) => (handle.module ? [handle.module] : []));
}

/**
 * Every path pattern of the route table (`/dashboard/view/:id`, `/reset-password/:resetToken?`):
 * the server answers any other path with the app's page and a 404 status (the app shows its "Page
 * Not Found"), and a missing file with a plain 404, not with the app's page.
 */
export function routePatterns(): string[] {
  const patterns = new Set<string>();
  const walk = (list: RouteObject[], base: string) => {
    for (const route of list) {
      if (route.path === '*') continue;
      const path = route.path ? (route.path.startsWith('/') ? route.path : `${base.replace(/\/$/, '')}/${route.path}`) : base;
      // A page is an index route or a path without children; a layout alone matches nothing.
      if (route.index || (route.path && !route.children?.length)) patterns.add(path || '/');
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, '');
  return [...patterns].sort();
}

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The source modules of the page's lazy routes (`src/app/routes/login.tsx`), whose chunks and styles the page needs. */
  modules: string[];
}

export interface SignedInPage extends RenderedPage {
  /**
   * The antd styles of the page (its skeleton's, and those of the components most pages show once
   * their data is in) as a stylesheet, closed by a map of what it holds: antd in the browser finds
   * these written down instead of computing them as the page renders, and computes any other as
   * before (as it does for every page reached from the sign-in screens, which have no such sheet).
   */
  antdCss: string;
}

/**
 * A signed-in page as its visitor first sees it, a session held and the user still loading: the
 * dashboard's frame (both the sidebar and the phone's header, the stylesheet picks) and the page's
 * loading state, with the routes' modules and the page's antd styles.
 */
export async function renderSignedIn(path: string): Promise<SignedInPage> {
  await preloadRoute(path);
  const antdStyles = createCache();
  const html = renderToString(
    <StyleProvider cache={antdStyles}>
      <PrerenderedSession.Provider value>
        <AppProvider>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </PrerenderedSession.Provider>
    </StyleProvider>,
  );
  renderToString(
    <StyleProvider cache={antdStyles}>
      <AntdProvider>
        <AntdStyleCatalog />
      </AntdProvider>
    </StyleProvider>,
  );
  return { html, modules: routeModules(path), antdCss: extractStyle(antdStyles, { plain: true }) };
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
