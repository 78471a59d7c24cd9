/**
 * The app rendered to HTML at build time (`scripts/prerender.mjs`, after `vite build --ssr`): the
 * public pages and the sign-in screens go out as finished HTML that the browser paints before any
 * script runs; `app/start.tsx` then hydrates it. The signed-in pages go out as a skeleton (the
 * dashboard's frame and the page's loading state) that the app replaces with the visitor's page.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter, matchPath, type RouteObject } from 'react-router-dom';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import hash from '@emotion/hash';
import { AppProvider } from './app/provider';
import { AppRoutes, prefetchRoute, preloadRoute, routeHandles, routes } from './app/router';
import { storeForRender } from './app/routes/app-root';
import { makeStore } from './app/store';
import { authApi } from './lib/auth';
import { SESSION_TOKEN_MARK, setServerSession, type SessionPageState } from './lib/server-session';
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
 * matches (`/*`: any id); `example` the path rendered for it; `styledModules` lazy parts whose
 * stylesheets the page links too.
 */
export const APP_PAGES: Array<{ name: string; path: string; example?: string; title: string; styledModules?: string[] }> = [
  { name: 'dashboard', path: paths.dashboard.root.path, title: APP_TITLES.dashboard },
  { name: 'dashboard-create', path: paths.dashboard.create.path, title: APP_TITLES.create },
  { name: 'dashboard-view', path: paths.dashboard.view.path, title: APP_TITLES.videos },
  // Drawn for its visitor, a video's page shows its studio at once (a lazy chunk): its styles come with the page.
  { name: 'dashboard-video', path: `${paths.dashboard.view.path}/*`, example: paths.dashboard.detail.getHref('id'), title: APP_TITLES.video, styledModules: ['src/features/videos/studio/components/studio-panel.tsx'] },
  { name: 'dashboard-guides', path: paths.dashboard.guides.path, title: APP_TITLES.guides },
  { name: 'dashboard-billing', path: paths.dashboard.billing.path, title: APP_TITLES.billing },
  { name: 'dashboard-account', path: paths.dashboard.account.path, title: APP_TITLES.account },
  { name: 'dashboard-affiliates', path: paths.dashboard.affiliates.path, title: APP_TITLES.affiliates },
  { name: 'dashboard-analytics', path: paths.dashboard.analytics.path, title: APP_TITLES.analytics },
];

const RESET_PASSWORD = paths.resetPassword.path.replace(/\/:resetToken\?$/, '');

/**
 * Pages a visitor opens from outside the app though no search engine should list them: a reset
 * link from a mail, and an address that is none of the app's (a stale or mistyped link). They are
 * prerendered like the public pages, without a head of their own, so that a phone paints them at
 * once rather than a blank page until the app has loaded. `path` is what the server matches (`/*`:
 * any one segment below; `*`: any path outside the route table), `example` the path rendered for it.
 */
export const PLAIN_PAGES: Array<{ name: string; path: string; example?: string; title: string }> = [
  { name: 'reset-password', path: `${RESET_PASSWORD}/*`, example: paths.resetPassword.getHref('token'), title: 'Reset password' },
  { name: 'reset-password-missing', path: RESET_PASSWORD, title: 'Reset password' },
  { name: 'not-found', path: '*', example: '/page-not-found', title: 'Page not found' },
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
   * The antd rules of the page (its skeleton's, and those of the components most pages show once
   * their data is in; their CSS variables go apart, `antdVars`) as a stylesheet, closed by a map of
   * what it holds: antd in the browser finds these written down instead of computing them as the
   * page renders, and computes any other as before (as it does for every page reached from the
   * sign-in screens, which have no such sheet).
   */
  antdCss: string;
  /** The CSS variables of the page's antd components, as the style elements antd writes (`cssVarElements`): for the page's head. */
  antdVars: string;
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
  return { html, modules: routeModules(path), antdCss: extractStyle(antdStyles, { plain: true, types: 'style' }), antdVars: cssVarElements(antdStyles) };
}

/**
 * The signed-in pages the server draws for their visitor, with their data, when it can (the web
 * server's session pages, platform/src/http/session-pages.ts): those whose first screen is the
 * visitor's data (their first reads, lib/early-requests). Every other page keeps its skeleton, and
 * the server sends it at once: the build writes these routes to dist/pages/session-routes.json.
 */
export const SESSION_ROUTES = [paths.dashboard.root.path, paths.dashboard.view.path, paths.dashboard.detail.path];

export interface SessionRender {
  path: string;
  /** The visitor's session token (the page's cookie): the API checks it, as it does every request. */
  token: string;
  /** Where the server's own API answers. */
  origin: string;
  /** The longest the page's reads may take; then it is not drawn (the skeleton goes out instead). */
  deadlineMs: number;
}

export interface SessionPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The page's `SessionPageState`, as JSON safe inside a script element. */
  state: string;
  /** The antd styles of the page as drawn, safe inside a style element. */
  antdCss: string;
  /**
   * The CSS variables of the page's antd components as antd writes them into the document itself
   * (style elements named by their hash): antd in the browser writes these whatever the page's
   * sheets hold, unless it finds them written already, as they are here.
   */
  antdVars: string;
}

/**
 * What the first page drawn for a visitor would otherwise pay for: the catalog of antd styles, and
 * a first render of each page drawn for visitors (their code loaded and compiled), without data.
 * Measured: the first /dashboard drawn cold missed the 400 ms deadline on a busy machine, so its
 * visitor got the skeleton.
 */
export async function warmUp(): Promise<void> {
  antdCatalog();
  for (const path of [paths.dashboard.root.path, paths.dashboard.view.path, paths.dashboard.detail.getHref('id')]) await renderSignedIn(path);
}

type StyleCache = ReturnType<typeof createCache>;
let catalog: { keys: Set<string>; paths: Map<string, string> } | undefined;
/** The antd styles every signed-in page's skeleton sheet holds (`renderSignedIn`'s catalog): their cache keys, and where antd finds them. */
function antdCatalog(): { keys: Set<string>; paths: Map<string, string> } {
  if (!catalog) {
    const cache = createCache();
    renderToString(
      <StyleProvider cache={cache}>
        <AntdProvider>
          <AntdStyleCatalog />
        </AntdProvider>
      </StyleProvider>,
    );
    catalog = { keys: new Set(cache.cache.keys()), paths: stylePaths(cache) };
  }
  return catalog;
}

/**
 * antd's map of the styles a page has written down (`extractStyle` closes its sheet with it): each
 * style's path and id. antd in the browser reads the map as a CSS `content` of its class, so of two
 * sheets only one map counts (the later, or the more specific).
 */
const CACHE_MAP = 'data-ant-cssinjs-cache-path';
const CACHE_MAP_RULE = new RegExp(`\\.${CACHE_MAP}\\{content:"[^"]*";\\}$`);
/** The map as a style element of its own, which would tell antd to look for every style in style elements: left out. */
const CACHE_MAP_ELEMENT = new RegExp(`<style ${CACHE_MAP}="${CACHE_MAP}">[^<]*</style>$`);

/** The map's entries of a render's styles (`useStyleRegister`'s cache: `[css, id, effects, clientOnly, order]`; client-only ones are never written down). */
function stylePaths(cache: StyleCache): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [key, [, entry]] of cache.cache) {
    const [, id, , clientOnly] = entry as [string, string, unknown, boolean];
    if (key.startsWith('style%') && !clientOnly) paths.set(key.slice('style%'.length).replaceAll('%', '|'), id);
  }
  return paths;
}

/**
 * The antd styles of a page drawn for its visitor beyond the skeleton's sheet, and one map of both:
 * the sheet's styles the page uses (the catalog's) and the page's own. The page's map outranks the
 * sheet's, which names only the catalog's, else antd in the browser would compute the page's own
 * styles again as it takes the page over, and write them into the document a second time. Its CSS
 * variables go out apart, as the style elements antd would write (`antdVars`).
 */
function sessionStyles(cache: StyleCache): { css: string; vars: string } {
  const { keys, paths } = antdCatalog();
  const vars = cssVarElements(cache);
  for (const key of keys) cache.extracted.add(key);
  const own = extractStyle(cache, { plain: true, once: true, types: 'style' }).replace(CACHE_MAP_RULE, '');
  const map = [...new Map([...paths, ...stylePaths(cache)])].map(([path, id]) => `${path}:${id}`).join(';');
  return { css: `${own}.${CACHE_MAP}.${CACHE_MAP}{content:"${map}";}`, vars };
}

/**
 * The CSS variables of a render's antd components (the theme's and each component's), as the style
 * elements antd writes into the head: antd in the browser writes these whatever a page's sheets
 * hold, unless it finds an element of that id in the head already. The theme's element is named by
 * the theme's key, as antd in the browser names it (its extraction names it by the token's hash).
 */
function cssVarElements(cache: StyleCache): string {
  const elements = (types: 'token' | 'cssVar') => extractStyle(cache, { types }).replace(CACHE_MAP_ELEMENT, '');
  const themeVars = elements('token').replace(/data-token-hash="([^"]+)" data-css-hash="[^"]+"/g, (_attributes, themeKey: string) => `data-token-hash="${themeKey}" data-css-hash="${hash(`css-var-${themeKey}`)}"`);
  return themeVars + elements('cssVar');
}

/** JSON that cannot end its script element early (`</script>`) nor break a line in it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * A signed-in page drawn for its visitor: its first reads asked of the API with the visitor's
 * token, then the page rendered from their answers, as the browser would draw it once they were
 * in. Null when the page is not one of these, or the API refused the token (the skeleton goes out,
 * and the app sees to the session). One at a time: the session and the store are the module's
 * while a page is drawn.
 */
export async function renderForSession({ path, token, origin, deadlineMs }: SessionRender): Promise<SessionPage | null> {
  if (!SESSION_ROUTES.some((route) => matchPath(route, path))) return null;
  const renderedAt = Date.now();
  setServerSession({ token, origin, now: renderedAt, signal: AbortSignal.timeout(deadlineMs) });
  const store = makeStore();
  const render = storeForRender(store);
  try {
    await preloadRoute(path);
    await prefetchRoute(path);
    const me = authApi.endpoints.getMe.select(token)(store.getState());
    if (!me.data) return null;
    render.settle();
    const antdStyles = createCache();
    const html = renderToString(
      <StyleProvider cache={antdStyles}>
        <AppProvider>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StyleProvider>,
    );
    // A component that failed on the server leaves React's note for the browser (`<template data-msg>`): the skeleton instead.
    if (html.includes('<template data-msg')) return null;
    const state: SessionPageState = { api: store.getState().api, renderedAt, userId: me.data.id };
    // The token keys the user's query (getMe): the page names it by a mark, which the browser reads as its own.
    // The antd styles of what it shows beyond the skeleton's sheet: the page paints styled before the app's code has run.
    const styles = sessionStyles(antdStyles);
    const antdCss = styles.css.replace(/<\/style/gi, '<\\/style');
    return { html, state: jsonForScript(state).replaceAll(token, SESSION_TOKEN_MARK), antdCss, antdVars: styles.vars };
  } finally {
    render.release();
    setServerSession(null);
  }
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
