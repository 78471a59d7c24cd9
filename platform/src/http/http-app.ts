import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type Router } from 'express';
import { apiNotFound, errorMiddleware } from './errors';
import type { Logger } from '../logging/logger';

export interface HttpAppParts {
  logger: Logger;
  /** Routers mounted at /api, in order. */
  api: Router[];
  /** Extra routers at the root (e.g. /dev/mailbox). */
  root?: Array<[string, Router]>;
  /** Routers that read the raw body, mounted before JSON parsing (the Stripe webhook). */
  beforeJson?: Array<[string, Router]>;
  /** The built web app (web/dist); when present it is served with an SPA fallback. */
  webDist?: string | null;
}

/**
 * The one HTTP origin: JSON API under /api, the dev mailbox, and the built web app with an
 * SPA fallback so deep links (/dashboard/view/:id) load the app.
 */
export function createHttpApp({ logger, api, root = [], beforeJson = [], webDist }: HttpAppParts): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  const log = logger.child({ category: 'http' });
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      if (!req.path.startsWith('/api') && res.statusCode < 400) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms) }, 'request');
    });
    next();
  });
  for (const [path, router] of beforeJson) app.use(path, router);
  app.use(express.json({ limit: '200kb' }));
  for (const router of api) app.use('/api', router);
  app.use('/api', apiNotFound);
  for (const [path, router] of root) app.use(path, router);

  if (webDist && existsSync(join(webDist, 'index.html'))) {
    app.use(express.static(webDist, { index: false, maxAge: '1h', setHeaders: (res, file) => {
      if (file.includes(`${join(webDist, 'assets')}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    } }));
    app.get('/{*splat}', (_req, res) => {
      res.setHeader('cache-control', 'no-cache');
      res.sendFile(join(webDist, 'index.html'));
    });
  } else {
    app.get('/', (_req, res) => {
      res.type('text/plain').send('The web app is not built. Run `npm run build -w web` (npm start does it for you).');
    });
  }
  app.use(errorMiddleware(logger));
  return app;
}
