import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type Router } from 'express';
import { apiNotFound, errorMiddleware } from './errors';
import { requestContext } from './request-context';
import type { Logger } from '../logging/logger';
import type { LoopMonitor } from './load-shedding';
import { securityHeaders } from './security-headers';
import { metrics } from '../observability/metrics';
import { opsRouter, type ReadyReport } from '../observability/ops';

export interface HttpAppParts {
  logger: Logger;
  /** The services' routers (mounted from the route table), in order. */
  routers: Router[];
  /** The built web app (web/dist); when present it is served with an SPA fallback. */
  webDist?: string | null;
  /** The operations endpoints: /livez, /readyz (by `ready`) and /metrics (loopback only), with this process's event-loop monitor. */
  ops?: { service: string; monitor?: LoopMonitor | null; ready?: () => Promise<ReadyReport> };
}

/**
 * An HTTP origin: a request context (correlation id) and a log line per API request, the
 * services' routes, JSON 404s under /api, the built web app with an SPA fallback so deep links
 * (/dashboard/view/:id) load the app, and the one error middleware.
 */
export function createHttpApp({ logger, routers, webDist, ops }: HttpAppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders());
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
      log.info({ method: req.method, path: req.path, route: res.locals.route, status: res.statusCode, ms: Math.round(ms) }, 'request');
    });
    next();
  });
  if (ops) app.use(opsRouter({ service, monitor: ops.monitor, ready: ops.ready ?? (async () => ({ ready: true, checks: {} })) }));
  for (const router of routers) app.use(router);
  app.use('/api', apiNotFound);

  if (webDist && existsSync(join(webDist, 'index.html'))) serveWebApp(app, webDist);
  else {
    app.get('/', (_req, res) => {
      res.type('text/plain').send('The web app is not built. Run `npm run build -w web` (npm start does it for you).');
    });
  }
  app.use(errorMiddleware(logger));
  return app;
}

/** The built web app: hashed assets cached for good, everything else revalidated; unknown paths get index.html. */
export function serveWebApp(app: Express, webDist: string): void {
  const assets = join(webDist, 'assets');
  app.use(express.static(webDist, { index: false, maxAge: '1h', setHeaders: (res, file) => {
    if (file.startsWith(assets)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  } }));
  app.get('/{*splat}', (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(join(webDist, 'index.html'));
  });
}
