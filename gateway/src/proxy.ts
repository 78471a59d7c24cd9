import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import { ALL_ROUTES, findRoute, type ServiceName } from '@app/domain';
import { opsRouter, requestContext, runChecks, securityHeaders, serveWebApp, type Logger, type ReadyReport } from '@app/platform';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The service a request goes to, by the route table; null when no route matches. */
export function upstreamFor(method: string, path: string): ServiceName | null {
  return findRoute(ALL_ROUTES, method, path)?.service ?? null;
}

/**
 * The one origin in front of separately running command-api and query-api: each request goes
 * to the service the route table names for it (so a route can never be served by one service and
 * sent to the other); unknown API paths get a JSON 404; everything else is the web app.
 */
export function createGatewayApp(input: { commandUrl: string; queryUrl: string; webDist: string | null; logger: Logger }): Express {
  const app = express();
  app.disable('x-powered-by');
  const targets: Record<ServiceName, URL> = { 'command-api': new URL(input.commandUrl), 'query-api': new URL(input.queryUrl) };
  const log = input.logger.child({ category: 'gateway' });

  const forward = (req: IncomingMessage, res: ServerResponse, service: ServiceName) => {
    const target = targets[service];
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
      log.warn({ err: error, upstream: service }, 'Upstream unreachable');
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

  // The web app's pages get their security headers here; the services set the same on theirs.
  app.use(securityHeaders());
  // Ready when both services it sends requests to answer theirs.
  app.use(opsRouter({ service: 'gateway', ready: () => upstreamsReady(targets) }));
  // The correlation id starts here, so the gateway's lines and the service's share it.
  app.use(requestContext());
  app.use((req, res, next) => {
    const service = upstreamFor(req.method, req.path);
    if (service) return forward(req, res, service);
    if (req.path === '/api' || req.path.startsWith('/api/')) {
      res.status(404).json({ error: 'Not found' });
      return;
    }
    next();
  });
  if (input.webDist && existsSync(join(input.webDist, 'index.html'))) serveWebApp(app, input.webDist);
  return app;
}

function upstreamsReady(targets: Record<ServiceName, URL>): Promise<ReadyReport> {
  const checks = Object.fromEntries(Object.entries(targets).map(([service, url]) => [service, async () => ({ available: (await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(2000) })).ok, detail: url.host })]));
  return runChecks(checks);
}
