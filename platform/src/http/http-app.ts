import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler, type Response, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { apiNotFound, errorMiddleware } from './errors';
import { requestContext } from './request-context';
import type { Logger } from '../logging/logger';
import type { LoopMonitor } from './load-shedding';
import { securityHeaders } from './security-headers';
import { originOf, originPages } from './origin-pages';
import { sessionPages, type SessionPages } from './session-pages';
import { escapeHtml } from '../shared/escape-html';
import { metrics } from '../observability/metrics';
import { opsRouter, type ReadyReport } from '../observability/ops';

export interface HttpAppParts {
  logger: Logger;
  /** The services' routers (mounted from the route table), in order. */
  routers: Router[];
  /** The built web app (web/dist); when present it is served with an SPA fallback. */
  webDist?: string | null;
  /** Where the product is published (PUBLIC_URL): robots.txt and sitemap.xml name it, not the request's Host. */
  publicUrl?: string | null;
  /** The operations endpoints: /livez, /readyz (by `ready`) and /metrics (loopback only), with this process's event-loop monitor. */
  ops?: { service: string; monitor?: LoopMonitor | null; ready?: () => Promise<ReadyReport> };
}

/** An HTTP origin's app, and a way to stop the worker it runs beside its routes (the signed-in pages' renderer) when its server stops. */
export type HttpApp = Express & { stopWorkers(): Promise<void> };

/**
 * An HTTP origin: a request context (correlation id) and a log line per API request, the
 * services' routes, JSON 404s under /api, the built web app (a deep link such as /dashboard/view/:id
 * loads the app; a path of no route its 404 page), and the one error middleware.
 */
export function createHttpApp({ logger, routers, webDist, publicUrl, ops }: HttpAppParts): HttpApp {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  tagReadsOnly(app);
  app.use(securityHeaders());
  app.use(compressAnswers(app));
  const log = logger.child({ category: 'http' });
  app.use(requestContext());
  const service = ops?.service ?? 'http';
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const api = req.path.startsWith('/api');
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const route = (res.locals.route as string | undefined) ?? (api ? 'unmatched' : 'web');
      metrics.httpDuration.observe({ service, route, method: req.method, status: `${Math.floor(res.statusCode / 100)}xx` }, ms / 1000);
      if (!api && res.statusCode < 400) return;
      log.info({ method: req.method, path: req.path, route: res.locals.route, status: res.statusCode, ms: Math.round(ms), correlationId: req.correlationId }, 'request');
    });
    next();
  });
  if (ops) app.use(opsRouter({ service, monitor: ops.monitor, ready: ops.ready ?? (async () => ({ ready: true, checks: {} })) }));
  for (const router of routers) app.use(router);
  app.use('/api', apiNotFound);

  let sessions: SessionPages | null = null;
  if (webDist && existsSync(join(webDist, 'index.html'))) sessions = serveWebApp(app, webDist, { publicUrl, logger });
  else {
    app.get('/', (_req, res) => {
      res.type('text/plain').send('The web app is not built. Run `npm run build -w web` (npm start does it for you).');
    });
  }
  app.use(errorMiddleware(logger));
  return Object.assign(app, { stopWorkers: async () => sessions?.close() });
}

/**
 * Express tags every answer it sends at once with an ETag, a hash of its body, whatever the method.
 * Only a read can be asked again with If-None-Match (and answered 304), so only reads get one: a
 * command's answer goes out without the hash, and without its body copied into a buffer for it.
 */
function tagReadsOnly(app: Express): void {
  const tagOf = app.get('etag fn') as (body: string | Buffer, encoding: BufferEncoding) => string;
  app.set('etag', false);
  const { send } = app.response;
  app.response.send = function (this: Response, body?: unknown) {
    const { method } = this.req;
    if ((method === 'GET' || method === 'HEAD') && (typeof body === 'string' || Buffer.isBuffer(body)) && !this.get('ETag')) this.set('ETag', tagOf(body, 'utf8'));
    return send.call(this, body);
  };
}

/** Answers smaller than this go out as they are. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Answers above 1 KB (JSON, HTML, text) to reads go out compressed when the client accepts it. Live
 * status streams (SSE) never are: a compressor holds bytes back and the browser would see no event.
 * Media are not compressible anyway, and an answer already encoded (the gateway passing a service's
 * answer through) is left as it is. Commands (POST, PATCH, PUT, DELETE) answer a few bytes: they
 * skip the compressor, whose wrapping of every answer costs more than it could save there.
 * So do most API reads (a few hundred bytes of JSON, sent at once): under /api the compressor is put
 * in place only when the answer turns out to need it, a body of 1 KB or more sent at once, or
 * one written in parts (an export, NDJSON or CSV). Wrapped up front it cost a small read about a
 * sixth of its time.
 */
export function compressAnswers(app: Express): RequestHandler {
  const compress = compression({
    threshold: COMPRESS_FROM_BYTES,
    filter: (req, res) => {
      const type = String(res.getHeader('content-type') ?? '');
      // The analysts' event exports (NDJSON) shrink about tenfold; the MIME list does not name them.
      return !type.startsWith('text/event-stream') && (type.startsWith('application/x-ndjson') || compression.filter(req, res));
    },
  });
  // The API reads whose compressor is not in place yet, and those whose compressor is. The app's
  // own response methods look here, rather than each answer getting methods of its own: own methods
  // on an answer cost every later use of it (V8 gives the object a shape of its own).
  const waiting = new WeakMap<Response, Request>();
  type Methods = Pick<Response, 'write' | 'end' | 'writeHead'>;
  const compressors = new WeakMap<Response, Methods>();
  const answer = app.response;
  const base: Methods = { write: answer.write, end: answer.end, writeHead: answer.writeHead };
  const METHODS = ['write', 'end', 'writeHead'] as const;
  /**
   * Puts the compressor in place under whatever the handler wrapped the answer in (the tus uploads
   * hold an error's head, for one): it wraps the base methods, and the handler's wrappers, which
   * reach the base through the app's methods below, now reach it through the compressor.
   */
  const putInPlace = (res: Response): void => {
    const req = waiting.get(res)!;
    waiting.delete(res);
    const own = METHODS.map((name) => (Object.hasOwn(res, name) ? res[name] : undefined));
    Object.assign(res, base);
    compress(req, res, () => undefined);
    compressors.set(res, { write: res.write, end: res.end, writeHead: res.writeHead });
    METHODS.forEach((name, i) => {
      if (own[i]) Object.assign(res, { [name]: own[i] });
      else delete (res as Partial<Methods>)[name];
    });
  };
  /** An answer sent at once (`body`: a string, bytes, or anything else, counted as large) gets its compressor by its size. */
  const bySize = (res: Response, body: unknown): void => {
    if (!waiting.has(res)) return;
    const bytes = typeof body === 'string' ? Buffer.byteLength(body) : Buffer.isBuffer(body) ? body.length : Number.POSITIVE_INFINITY;
    if (bytes < COMPRESS_FROM_BYTES) waiting.delete(res);
    else putInPlace(res);
  };
  const { send } = answer;
  answer.send = function (this: Response, body?: unknown) {
    bySize(this, body);
    return send.call(this, body);
  };
  /**
   * An answer written in parts, or its head first, gets its compressor now (one ended at once, by its
   * size), unless it is a live stream (SSE, `head`: writeHead's arguments): never compressed (the filter
   * says so), it gets none of the compressor's wrappers, which each of a thousand open streams would
   * hold for as long as it is open.
   */
  const started = (res: Response, head: unknown[] = []): void => {
    if (!waiting.has(res)) return;
    if (isEventStream(res, head)) waiting.delete(res);
    else putInPlace(res);
  };
  answer.write = function (this: Response, ...args: Parameters<Response['write']>) {
    started(this);
    return (compressors.get(this)?.write ?? base.write).apply(this, args);
  } as Response['write'];
  answer.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    started(this, args);
    return (compressors.get(this)?.writeHead ?? base.writeHead).apply(this, args);
  } as Response['writeHead'];
  answer.end = function (this: Response, ...args: Parameters<Response['end']>) {
    // end() and end(callback) send no body.
    bySize(this, typeof args[0] === 'function' || args[0] === undefined ? '' : args[0]);
    return (compressors.get(this)?.end ?? base.end).apply(this, args);
  } as Response['end'];
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!req.path.startsWith('/api/')) return compress(req, res, next);
    waiting.set(res, req);
    next();
  };
}

/** Whether an answer's head, set or being written (`writeHead`'s headers, its last argument), says it is a live stream (SSE). */
function isEventStream(res: Response, writeHeadArgs: unknown[]): boolean {
  const headers = writeHeadArgs.at(-1);
  const named = headers && typeof headers === 'object' && !Array.isArray(headers) ? Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] : undefined;
  return String(named ?? res.getHeader('content-type') ?? '').startsWith('text/event-stream');
}

/**
 * The built web app: each file in the best encoding the browser accepts, from the copies the
 * build made (brotli, then gzip); hashed assets cached for good, index.html always revalidated,
 * everything else for an hour. A path of the app's routes gets its page (index.html, or the page
 * the build made for it), through the same negotiation; any other path the app's page with a 404
 * status (the app shows its "Page Not Found"), and a missing file (`/assets/gone.js`) a plain 404:
 * a tab left open across a deploy then fails to load an old chunk as a missing file, not as a
 * script that turned out to be HTML. robots.txt and sitemap.xml name the public pages, at
 * `publicUrl` when the product knows where it is published (else at the origin the browser named).
 */
export function serveWebApp(app: Express, webDist: string, { publicUrl = null, logger }: { publicUrl?: string | null; logger?: Logger } = {}): SessionPages | null {
  const siteOrigin = (req: Request) => publicUrl ?? requestOrigin(req);
  const assets = join(webDist, 'assets');
  const pages = join(webDist, 'pages');
  // Each page's own HTML by path (the build's dist/pages/manifest.json): the public pages prerendered
  // with their heads, the app's pages with their chunks named for the browser to fetch at once.
  const pageFileFor = readPageManifest(join(pages, 'manifest.json'));
  const isAppRoute = readRoutePatterns(join(pages, 'routes.json'), true);
  // The pages the web app's server build draws for their visitor; without the file (an older build), none.
  const isSessionPage = readRoutePatterns(join(pages, 'session-routes.json'), false);
  app.get('/robots.txt', (req, res) => {
    res.type('text/plain').set('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\nDisallow: /auth/\nDisallow: /reset-password\n\nSitemap: ${siteOrigin(req)}/sitemap.xml\n`);
  });
  app.get('/sitemap.xml', (req, res) => {
    const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${escapeHtml(siteOrigin(req))}${path}</loc></url>`).join('\n');
    res.type('application/xml').set('cache-control', 'public, max-age=3600')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });
  const files = expressStaticGzip(webDist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (file.startsWith(assets)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else if (basename(file).startsWith('index.html') || file.startsWith(pages)) res.setHeader('cache-control', 'no-cache');
        // express-static-gzip sets `Vary: Accept-Encoding` afresh: a page that depends on the session cookie says so again.
        const answer = res as unknown as Response;
        if (answer.locals.variesByCookie) answer.vary('cookie');
      },
    },
  });
  // The pages' own files are served by path only (below), filled in with the origin.
  app.use((req, res, next) => (req.path.startsWith('/pages/') ? next() : files(req, res, next)));
  const withOrigin = originPages(publicUrl);
  // A signed-in page for a browser holding a session: drawn with the visitor's data (session-pages.ts).
  const sessions = logger ? sessionPages({ webDist, logger }) : null;
  app.get('/{*splat}', (req, res, next) => {
    const known = isAppRoute(req.path);
    if (!known && FILE_NAME.test(req.path)) {
      // A compressed copy that went missing after start-up leaves its encoding set: this answer has none.
      res.removeHeader('content-encoding');
      res.status(404).set('cache-control', 'no-cache').type('text/plain').send('Not found');
      return;
    }
    if (!known) res.status(404);
    const page = (known ? pageFileFor(req.path) : pageFileFor('*')) ?? 'index.html';
    const skeleton = () =>
      withOrigin(join(webDist, page), siteOrigin(req), req, res).then((served) => {
        if (served) return;
        req.url = `/${page}`;
        files(req, res, next);
      });
    if (!known || !sessions || !isSessionPage(req.path)) return void skeleton().catch(next);
    sessions.vary(res);
    sessions.serve(req, res, join(webDist, page)).then((served) => (served ? undefined : skeleton())).catch(next);
  });
  return sessions;
}

/**
 * The page file for a path: the manifest names exact paths (`/login`) and, ending in `/*`, every
 * path one segment below a prefix (`/dashboard/view/*` for `/dashboard/view/:id`); `*` names the
 * page of a path outside the route table (the app's "Page Not Found").
 */
function readPageManifest(file: string): (path: string) => string | undefined {
  if (!existsSync(file)) return () => undefined;
  const entries = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  const exact = new Map(entries.filter(([path]) => !path.endsWith('/*')));
  const below = entries.filter(([path]) => path.endsWith('/*')).map(([path, page]) => [path.slice(0, -1), page] as const);
  return (path) => exact.get(path) ?? below.find(([prefix]) => path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes('/'))?.[1];
}

/** A path whose last segment is a file's name (`index-abc.js`, `logo.png`). */
const FILE_NAME = /\.[a-z0-9]{1,16}$/i;

/**
 * Whether a path is one of the routes a file of the build lists (dist/pages/routes.json:
 * `/dashboard/view/:id`, `/reset-password/:resetToken?`), matched as the app's router does (any
 * case, a trailing slash or not). Without the file (a build without it), `missing` for every path.
 */
function readRoutePatterns(file: string, missing: boolean): (path: string) => boolean {
  if (!existsSync(file)) return () => missing;
  const patterns = (JSON.parse(readFileSync(file, 'utf8')) as string[]).map((pattern) => {
    const segments = pattern.split('/').filter(Boolean).map((segment) => {
      if (!segment.startsWith(':')) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    });
    return new RegExp(`^${segments.join('')}/?$`, 'i');
  });
  return (path) => patterns.some((pattern) => pattern.test(path));
}

/** The pages a search engine may list. */
const PUBLIC_PAGES = ['/', '/login', '/register', '/forgotpassword', '/privacy', '/terms'];

/** This origin as the browser named it (behind the gateway: its forwarded host and protocol), or '' when its Host is not a host. */
function requestOrigin(req: Request): string {
  return originOf(`${req.protocol}://${req.get('host') ?? 'localhost'}`);
}
