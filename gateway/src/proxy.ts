import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import express from 'express';
import { ALL_ROUTES, findRoute, type ServiceName } from '@app/domain';
import { opsRouter, requestContext, runChecks, securityHeaders, serveWebApp, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS, type HttpApp, type Logger, type LoopMonitor, type ReadyReport } from '@app/platform';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Instances, parseInstances, type Upstreams } from './upstreams';

/** The service a request goes to, by the route table; null when no route matches. */
export function upstreamFor(method: string, path: string): ServiceName | null {
  // A preflight (OPTIONS: CORS, tus's discovery) goes to the service that serves the path, by any method.
  if (method === 'OPTIONS') return PREFLIGHT_METHODS.map((m) => findRoute(ALL_ROUTES, m, path)?.service).find(Boolean) ?? null;
  return findRoute(ALL_ROUTES, method, path)?.service ?? null;
}
const PREFLIGHT_METHODS = ['POST', 'PATCH', 'PUT', 'DELETE', 'GET'] as const;

/**
 * The one origin in front of separately running command-api and query-api: each request goes
 * to the service the route table names for it (so a route can never be served by one service and
 * sent to the other); unknown API paths get a JSON 404; everything else is the web app.
 */
export function createGatewayApp(input: { commandUrl: string; queryUrl: string; webDist: string | null; publicUrl?: string | null; logger: Logger; monitor?: LoopMonitor }): HttpApp {
  const app = express();
  app.disable('x-powered-by');
  const upstreams: Upstreams = { 'command-api': new Instances(parseInstances(input.commandUrl)), 'query-api': new Instances(parseInstances(input.queryUrl)) };
  const log = input.logger.child({ category: 'gateway' });

  /**
   * No instance of the service took the request (a restart, a crash): 503 with Retry-After, which the web app asks
   * again, as the services answer while a store is out of reach. One that took it and then broke off may have done
   * the work: 502, which no client repeats on its own.
   */
  const unavailable = (res: ServerResponse, reached = false) => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(reached ? 502 : 503, { 'content-type': 'application/json', ...(reached ? {} : { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) }) });
    res.end(JSON.stringify({ error: UNAVAILABLE_MESSAGE }));
  };

  /**
   * Sends the request to the first instance in `candidates` that takes the connection. The body is
   * read from the browser only once a connection is open, so a refused connection loses nothing
   * and the next instance gets the whole request.
   */
  const forward = (req: IncomingMessage, res: ServerResponse, service: ServiceName, candidates: URL[]) => {
    const [target, ...rest] = candidates;
    if (!target) return unavailable(res);
    // The browser's address goes last in X-Forwarded-For: the services trust loopback hops only, so
    // they see this address, never one a client wrote into the header itself (per-IP rate limits).
    const client = req.socket.remoteAddress ?? '';
    const forwardedFor = [req.headers['x-forwarded-for'], client].flat().filter(Boolean).join(', ');
    const headers = { ...endToEnd(req.headers), host: target.host, 'x-forwarded-host': req.headers.host ?? '', 'x-forwarded-for': forwardedFor };
    let connected = false;
    const upstream = httpRequest(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    const send = () => {
      connected = true;
      req.pipe(upstream);
    };
    upstream.on('socket', (socket) => (socket.connecting ? socket.once('connect', send) : send()));
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && error.code === 'ECONNREFUSED') {
        upstreams[service].refused(target);
        log.warn({ upstream: service, instance: target.host }, 'Upstream instance refused the connection; trying the next');
        return forward(req, res, service, rest);
      }
      log.warn({ err: error, upstream: service, instance: target.host }, 'Upstream unreachable');
      unavailable(res, connected);
    });
    // The browser went away before the answer finished: stop the upstream request too.
    // (Not req 'close': an IncomingMessage closes as soon as its body has been read.)
    res.on('close', () => { if (!res.writableFinished) upstream.destroy(); });
  };

  // The web app's pages get their security headers here; the services set the same on theirs.
  app.use(securityHeaders());
  // Ready when both services it sends requests to answer theirs.
  app.use(opsRouter({ service: 'gateway', ready: () => upstreamsReady(upstreams), monitor: input.monitor }));
  // The correlation id starts here, so the gateway's lines and the service's share it.
  app.use(requestContext());
  app.use((req, res, next) => {
    const service = upstreamFor(req.method, req.path);
    if (service) return forward(req, res, service, upstreams[service].order());
    if (req.path === '/api' || req.path.startsWith('/api/')) {
      res.status(404).json({ error: 'Not found' });
      return;
    }
    next();
  });
  const sessions = input.webDist && existsSync(join(input.webDist, 'index.html')) ? serveWebApp(app, input.webDist, { publicUrl: input.publicUrl, logger: input.logger }) : null;
  return Object.assign(app, { stopWorkers: async () => sessions?.close() });
}

/**
 * A message's headers without the hop-by-hop ones (RFC 9110 7.6.1): `Connection` and what it names
 * describe one connection, not the request. Passed on, a browser's `Connection: close` reached a
 * service over the gateway's pooled connection, which the service then refused to reuse, and the
 * next request on it got a bare 400.
 */
function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '').toLowerCase().split(',').map((name) => name.trim()).filter(Boolean);
  const drop = new Set([...HOP_BY_HOP, ...named]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name)));
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer'];

/** Ready when every service has at least one instance that answers its own readiness check. */
function upstreamsReady(upstreams: Upstreams): Promise<ReadyReport> {
  const answers = async (url: URL) => (await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(2000) }).catch(() => null))?.ok === true;
  const checks = Object.fromEntries(Object.entries(upstreams).map(([service, instances]) => [service, async () => {
    const ready = await Promise.all(instances.urls.map(answers));
    return { available: ready.some(Boolean), detail: instances.urls.map((url, i) => `${url.host}${ready[i] ? '' : ' (not ready)'}`).join(', ') };
  }]));
  return runChecks(checks);
}
