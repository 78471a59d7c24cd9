import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { ROUTES, compilePath, mountOrder, routesOf, segmentsOf, type RouteContract, type RouteName, type Routes, type ServiceName } from '@app/domain';
import { authenticate } from './authenticate';
import { parseOrThrow } from './errors';
import type { SessionTokens } from '../security/tokens';
import type { AnalystAccess, AnalystDirectory } from '../security/analysts';
import type { Logger } from '../logging/logger';
import { shedWhenBusy, type LoopMonitor } from './load-shedding';

type BodyOf<C> = C extends { body: infer B }
  ? B extends z.ZodType ? z.output<B> : B extends 'raw' ? Buffer : B extends 'multipart' | 'tus' ? undefined : Record<string, unknown> | undefined
  : unknown;

/** A handler whose request body has the given type. */
export type BodyHandler<Body> = (req: Request<Record<string, string>, unknown, Body>, res: Response, next: NextFunction) => unknown;

/** A route's handler: its request body is already parsed with the route's schema. */
export type RouteHandler<C extends RouteContract = RouteContract> = BodyHandler<BodyOf<C>>;

/** A handler, optionally after route-specific middleware (rate limits). */
export type RouteHandling<C extends RouteContract = RouteContract> = RouteHandler<C> | readonly [...RequestHandler[], RouteHandler<C>];

type NamesOf<S extends ServiceName, Conditional extends boolean> = {
  [K in RouteName]: Routes[K]['service'] extends S ? (Routes[K] extends { when: string } ? (Conditional extends true ? K : never) : (Conditional extends true ? never : K)) : never;
}[RouteName];

/**
 * The handlers of one service: one for every route the table gives it, optional only for
 * routes mounted under a condition. A missing or unknown handler is a compile error.
 */
export type ServiceHandlers<S extends ServiceName> =
  { [K in NamesOf<S, false>]: RouteHandling<Routes[K]> } & { [K in NamesOf<S, true>]?: RouteHandling<Routes[K]> };

/** The handlers of some routes: what one feature folder contributes to its service's table. */
export type HandlersOf<N extends RouteName> = { [K in N]: RouteHandling<Routes[K]> };

export interface MountOptions {
  tokens: SessionTokens;
  /** Who holds the analyst role; required by a service that mounts `analyst` routes. */
  analysts?: AnalystDirectory;
  /** Where each analyst request is recorded with who asked (the audit trail of reads). */
  auditLog?: Logger;
  /** Sheds `expensive` routes with 503 while this process's event loop lags. */
  loop?: LoopMonitor;
  /** Largest JSON body accepted. Default 200 kB. */
  jsonLimit?: string;
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** The route table's name of the route answering this request (logs, metrics). */
    route?: RouteName;
    /** The route's query string, parsed with its `query` schema. */
    query?: unknown;
    /** The route's path parameters, parsed with its `params` schema. */
    params?: unknown;
    /** Set on `analyst` routes: who asked and whether they see personal data. */
    analyst?: AnalystAccess;
  }
}

/**
 * One service's routes on a router, mounted from the route table: for each route its
 * authentication, its body parser (JSON, raw bytes or a form), the validation of its body with
 * the route's schema (400 with the spec's message, nothing written), then its handler. Literal
 * path segments are mounted before parameters, so `/api/video/videos` never reaches
 * `/api/video/:id`. Every unconditional route of the service must have its handler.
 */
export function mountRoutes<S extends ServiceName>(service: S, handlers: ServiceHandlers<S>, options: MountOptions): Router {
  const table = handlers as Partial<Record<RouteName, RouteHandling>>;
  for (const route of routesOf(service)) {
    if (!table[route.name as RouteName] && !route.when) throw new Error(`No handler for route ${route.name} (${route.method} ${route.path})`);
  }
  return routerFor(table, options);
}

interface MountedRoute {
  match: (segments: readonly string[]) => Record<string, string> | null;
  chain: RequestHandler[];
}

/**
 * A router with the given routes only (what a feature's tests mount), in the same way. A request
 * finds its route by method and segments in one pass over that method's routes (literal segments
 * first), instead of Express testing every route's pattern in turn: with 68 routes that walk was a
 * third of a cheap read's time.
 */
export function routerFor(handlers: Partial<Record<RouteName, RouteHandling>>, options: MountOptions): Router {
  const routes = (Object.keys(handlers) as RouteName[]).map((name) => ROUTES[name] as RouteContract);
  const byMethod = new Map<string, MountedRoute[]>();
  for (const route of mountOrder(routes)) {
    const handling = handlers[route.name as RouteName]!;
    const steps = (Array.isArray(handling) ? handling : [handling]) as RequestHandler[];
    const list = byMethod.get(route.method) ?? [];
    list.push({ match: compilePath(route.path), chain: [...stagesFor(route, options), ...steps] });
    byMethod.set(route.method, list);
  }
  const router = Router();
  router.use((req, res, next) => {
    const candidates = byMethod.get(req.method === 'HEAD' ? 'GET' : req.method);
    if (!candidates) return next();
    const segments = segmentsOf(req.path);
    for (const mounted of candidates) {
      const params = mounted.match(segments);
      if (!params) continue;
      req.params = params;
      return runChain(mounted.chain, req, res, next);
    }
    next();
  });
  return router;
}

/** Runs a route's middleware and handler in turn, as Express would: an error or a rejected promise goes to `done`. */
function runChain(chain: RequestHandler[], req: Request, res: Response, done: NextFunction): void {
  let index = 0;
  const next: NextFunction = (error?: unknown) => {
    if (error === 'route') return done(); // the rest of this route is skipped
    if (error !== undefined && error !== null) return done(error);
    const handler = chain[index++];
    if (!handler) return done();
    try {
      const result = handler(req, res, next) as unknown;
      if (result instanceof Promise) result.catch((rejection: unknown) => done(rejection ?? new Error('Rejected')));
    } catch (thrown) {
      done(thrown);
    }
  };
  next();
}

function stagesFor(route: RouteContract, options: MountOptions): RequestHandler[] {
  const stages: RequestHandler[] = [
    (_req, res, next) => {
      res.locals.route = route.name as RouteName;
      next();
    },
  ];
  // A busy process refuses new expensive work first, before reading a body or hashing a password.
  if (route.cost === 'expensive' && options.loop) stages.push(shedWhenBusy(options.loop));
  // Who is asking comes first: an anonymous caller gets 401 whatever its body holds.
  if (route.auth === 'bearer') stages.push(authenticate(options.tokens));
  if (route.auth === 'bearer-or-query') stages.push(authenticate(options.tokens, { allowQueryToken: true }));
  if (route.auth === 'analyst') stages.push(authenticate(options.tokens), analystGate(route, options));
  const { query, params } = route;
  if (params) {
    stages.push((req, res, next) => {
      res.locals.params = parseOrThrow(params, req.params);
      next();
    });
  }
  if (query) {
    stages.push((req, res, next) => {
      res.locals.query = parseOrThrow(query, req.query);
      next();
    });
  }
  if (route.body === 'raw') stages.push(express.raw({ type: 'application/json', limit: '1mb' }));
  else if (route.body === 'form') stages.push(express.urlencoded({ extended: false, limit: '10kb' }));
  // A multipart or tus upload is streamed by its handler (never parsed, never buffered here).
  else if (route.method !== 'GET' && route.body !== 'multipart' && route.body !== 'tus') stages.push(express.json({ limit: options.jsonLimit ?? '200kb' }));
  const schema = route.body;
  if (schema && typeof schema === 'object') {
    stages.push((req, _res, next) => {
      req.body = parseOrThrow(schema, req.body);
      next();
    });
  }
  return stages;
}

/** 403 unless the caller holds the analyst role; every analyst request is logged with who asked. */
function analystGate(route: RouteContract, options: MountOptions): RequestHandler {
  const { analysts } = options;
  if (!analysts) throw new Error(`Route ${route.name} needs an analyst directory in mountRoutes' options`);
  return (req, res, next) => {
    analysts.require(req.userId!).then((access) => {
      res.locals.analyst = access;
      options.auditLog?.info({ category: 'analyst-audit', analystId: access.userId, pii: access.pii, route: route.name, query: req.query, params: req.params }, 'Analyst read');
      next();
    }, next);
  };
}

/** A route's parsed query string (its `query` schema's output). */
export function queryOf<N extends RouteName>(res: Response, _name: N): Routes[N] extends { query: infer Q } ? (Q extends z.ZodType ? z.output<Q> : never) : never {
  return res.locals.query as never;
}

/** A route's parsed path parameters (its `params` schema's output). */
export function paramsOf<N extends RouteName>(res: Response, _name: N): Routes[N] extends { params: infer P } ? (P extends z.ZodType ? z.output<P> : never) : never {
  return res.locals.params as never;
}

/** The analyst behind an `analyst` route. */
export function analystOf(res: Response): AnalystAccess {
  if (!res.locals.analyst) throw new Error('analystOf outside an analyst route');
  return res.locals.analyst;
}

/** The route table's entry for a name (for handlers that need their own path, e.g. signed URLs). */
export function routeOf<N extends RouteName>(name: N): Routes[N] {
  return ROUTES[name];
}
