import type { z } from 'zod';

/** The two HTTP services behind the one origin. */
export type ServiceName = 'command-api' | 'query-api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `bearer`: `Authorization: Bearer <session token>`;
 * - `bearer-or-query`: the same, or `?token=` (EventSource cannot send headers);
 * - `signed-url`: an HMAC-signed, expiring URL (media), no session;
 * - `capability`: an unguessable id in the path is the credential (checkout simulator, sandbox gallery);
 * - `oauth-callback`: a signed `state` bound to the browser by a cookie;
 * - `stripe-signature`: Stripe's signature over the raw body;
 * - `loopback`: only this machine (the dev mailbox);
 * - `analyst`: a bearer token of a user with the `analyst` role (403 `Analyst access required` for anyone else).
 */
export type RouteAuth = 'public' | 'bearer' | 'bearer-or-query' | 'signed-url' | 'capability' | 'oauth-callback' | 'stripe-signature' | 'loopback' | 'analyst';

/**
 * What a successful answer is: a JSON document of a schema, or something that is not JSON (`static`: a script or style sheet;
 * `tus`: the tus protocol's headers, Location, Upload-Offset, Upload-Length, with no body, or the finished upload's library item).
 */
export type RouteAnswer = z.ZodType | 'html' | 'redirect' | 'media' | 'event-stream' | 'download' | 'static' | 'tus';

/**
 * Routes mounted only in some configurations: the test clock (STUDIO_TEST_CLOCK=1 outside
 * production), the dev mailbox (no SMTP), the checkout simulator (no Stripe key), the sandbox
 * publisher's pages (a platform without keys), the Stripe webhook (a Stripe key).
 */
export type RouteCondition = 'test-clock' | 'dev-mailbox' | 'local-billing' | 'sandbox' | 'stripe';

/**
 * One HTTP route, declared once: which service serves it, its method and full path (Express
 * syntax, `:param`), who may call it, what it reads and what it answers. The services mount
 * their handlers through these declarations, the gateway routes by them, and the API suites
 * check every answer against `answer`.
 */
export interface RouteContract {
  /** Unique, camelCase: the operation's name. */
  readonly name: string;
  readonly service: ServiceName;
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: RouteAuth;
  /**
   * JSON request body; `raw` when the handler needs the exact bytes (signature checks); `form` for HTML forms;
   * `multipart` for a file upload (multipart/form-data with one `file` field), which the handler streams itself;
   * `tus` for the tus protocol's requests (application/offset+octet-stream bytes and its headers), also streamed by the handler.
   */
  readonly body?: z.ZodType | 'raw' | 'form' | 'multipart' | 'tus';
  /** The query string's schema: parsed before the handler (a 400 with its message otherwise) into `res.locals.query`. */
  readonly query?: z.ZodType;
  /** The path parameters' schema, parsed the same way into `res.locals.params`. */
  readonly params?: z.ZodType;
  readonly answer: RouteAnswer;
  /** Status of a successful answer. Default 200 (302/303 for redirects). */
  readonly status?: number;
  readonly when?: RouteCondition;
  /**
   * `expensive`: CPU-heavy or long work (a password hash, a render, an upload). When the process's
   * event loop lags, new expensive requests get 503 with Retry-After while cheap ones keep answering.
   */
  readonly cost?: 'expensive';
  /** Error statuses it answers beyond those its declaration implies (the OpenAPI document lists them). */
  readonly errors?: readonly number[];
  readonly summary: string;
}

export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** A path's segments, without the empty ones a leading, trailing or doubled slash makes. */
export const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/**
 * A route's pattern, split once: the returned function tells whether a concrete path (or its
 * segments, split once for many patterns) matches it, with the params when it does (null for a
 * malformed escape: it names nothing).
 */
export function compilePath(pattern: string): (path: string | readonly string[]) => Record<string, string> | null {
  const want = segmentsOf(pattern).map((segment) => (segment.startsWith(':') ? { param: segment.slice(1) } : { literal: segment }));
  return (path) => {
    const got = typeof path === 'string' ? segmentsOf(path) : path;
    if (want.length !== got.length) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < want.length; i++) {
      const segment = want[i];
      if ('literal' in segment) {
        if (segment.literal !== got[i]) return null;
        continue;
      }
      try {
        params[segment.param] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    }
    return params;
  };
}

/** Whether a concrete path matches a route's pattern; the params when it does. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  return compilePath(pattern)(path);
}

/**
 * Specificity for choosing between patterns that match one path: a literal segment beats a
 * parameter at the first position where they differ (`/api/video/videos` before `/api/video/:id`).
 */
export function compareSpecificity(a: string, b: string): number {
  const sa = segmentsOf(a);
  const sb = segmentsOf(b);
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    const pa = sa[i]?.startsWith(':') ?? true;
    const pb = sb[i]?.startsWith(':') ?? true;
    if (pa !== pb) return pa ? 1 : -1;
  }
  return 0;
}

/** Each route table's patterns, compiled once and in mount order (the most specific first). */
const compiledTables = new WeakMap<readonly RouteContract[], Array<{ route: RouteContract; match: ReturnType<typeof compilePath> }>>();

/**
 * The most specific route for a request, or null. HEAD is answered by GET routes. The table's
 * patterns are compiled on its first lookup and the path is split once (the gateway looks up every
 * request it forwards).
 */
export function findRoute<R extends RouteContract>(routes: readonly R[], method: string, path: string): R | null {
  const wanted = method === 'HEAD' ? 'GET' : method;
  let table = compiledTables.get(routes);
  if (!table) {
    table = mountOrder(routes).map((route) => ({ route, match: compilePath(route.path) }));
    compiledTables.set(routes, table);
  }
  const got = segmentsOf(path);
  for (const { route, match } of table) if (route.method === wanted && match(got)) return route as R;
  return null;
}

/** Routes sorted so that mounting them in order lets literal segments win over parameters. */
export function mountOrder<R extends RouteContract>(routes: readonly R[]): R[] {
  return [...routes].sort((a, b) => compareSpecificity(a.path, b.path));
}
