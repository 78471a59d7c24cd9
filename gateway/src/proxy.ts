import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import type { Logger } from '@app/platform';

/**
 * Where a browser request goes in distributed mode. Commands (any non-GET) and everything the
 * command side renders itself (auth, OAuth callbacks, the dev mailbox, billing pages) go to
 * command-api; every other GET under /api goes to query-api.
 */
export function upstreamFor(method: string, path: string): 'command' | 'query' {
  if (path.startsWith('/api/auth') || path.startsWith('/dev/') || path === '/dev' || path.startsWith('/billing/') || path.startsWith('/api/billing/webhook') || path.startsWith('/sandbox/')) return 'command';
  if (method === 'GET' || method === 'HEAD') return 'query';
  return 'command';
}

/** The one origin in front of separately running command-api and query-api, serving the web app too. */
export function createGatewayApp(input: { commandUrl: string; queryUrl: string; webDist: string | null; logger: Logger }): Express {
  const app = express();
  app.disable('x-powered-by');
  const targets = { command: new URL(input.commandUrl), query: new URL(input.queryUrl) };
  const log = input.logger.child({ category: 'gateway' });

  const forward = (req: IncomingMessage, res: ServerResponse, which: 'command' | 'query') => {
    const target = targets[which];
    // The browser's address goes last in X-Forwarded-For: the services trust loopback hops only, so
    // they see this address, never one a client wrote into the header itself (per-IP rate limits).
    const client = req.socket.remoteAddress ?? '';
    const forwardedFor = [req.headers['x-forwarded-for'], client].flat().filter(Boolean).join(', ');
    const headers = { ...req.headers, host: target.host, 'x-forwarded-host': req.headers.host ?? '', 'x-forwarded-for': forwardedFor };
    const upstream = httpRequest(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      log.warn({ err: error, upstream: which }, 'Upstream unreachable');
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Service temporarily unavailable. Please try again in a moment.' }));
      } else res.destroy();
    });
    // The browser went away before the answer finished: stop the upstream request too.
    // (Not req 'close': an IncomingMessage closes as soon as its body has been read.)
    res.on('close', () => { if (!res.writableFinished) upstream.destroy(); });
    req.pipe(upstream);
  };

  app.use((req, res, next) => {
    const path = req.path;
    if (path.startsWith('/api') || path.startsWith('/dev') || path.startsWith('/billing/') || path.startsWith('/sandbox/')) return forward(req, res, upstreamFor(req.method, path));
    next();
  });
  if (input.webDist && existsSync(join(input.webDist, 'index.html'))) {
    const dist = input.webDist;
    app.use(express.static(dist, { index: false, maxAge: '1h' }));
    app.get('/{*splat}', (_req, res) => res.sendFile(join(dist, 'index.html')));
  }
  return app;
}
