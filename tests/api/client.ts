import { MIN_POSITION_HEADER, ROUTES, type RouteContract, type RouteName } from '@app/domain';

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  token?: string;
  body?: unknown;
  /** An HTML form instead of JSON. */
  form?: Record<string, string>;
  /** A file upload (multipart/form-data) instead of JSON: each field's file. */
  files?: Record<string, { name: string; type: string; data: Buffer }>;
  headers?: Record<string, string>;
  /** Raw bytes as the body (a tus PATCH), with the content type given in `headers`. */
  bytes?: Buffer;
  /** The status expected (or any of several); default: the route's success status. */
  expect?: number | readonly number[];
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/**
 * A client of the product's HTTP API driven by the route table: it builds each call from the
 * route's method and path, checks the status, checks every success answer against the route's
 * answer schema, and remembers which routes it exercised.
 */
export class ApiClient {
  readonly exercised = new Set<RouteName>();
  /** The latest position a command answered: sent on every query, as the web app does (read-your-writes). */
  position = 0;

  constructor(readonly baseUrl: string) {}

  async call(name: RouteName, options: CallOptions = {}): Promise<CallResult> {
    const route: RouteContract = ROUTES[name];
    const path = route.path.replace(/:([A-Za-z]+)/g, (_, param: string) => {
      const value = options.params?.[param];
      if (value === undefined) throw new Error(`${name}: missing path parameter ${param}`);
      return encodeURIComponent(value);
    });
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { ...(route.service === 'query-api' && this.position > 0 ? { [MIN_POSITION_HEADER]: String(this.position) } : {}), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | Blob | undefined;
    if (options.bytes) {
      body = new Blob([new Uint8Array(options.bytes)]);
    } else if (options.files) {
      // fetch writes the multipart body and its content-type with the boundary.
      const form = new FormData();
      for (const [field, file] of Object.entries(options.files)) form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
      body = form;
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(url, { method: route.method, headers, body, redirect: 'manual' });
    // A media file or an event stream is not read whole; an error answer always is.
    const streamed = (route.answer === 'media' || route.answer === 'event-stream' || route.answer === 'download') && response.status < 400;
    const text = streamed ? '' : await response.text();
    if (streamed) await response.body?.cancel();
    const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : undefined;
    const expected = options.expect ?? route.status ?? 200;
    if (!(Array.isArray(expected) ? expected.includes(response.status) : response.status === expected)) {
      throw new Error(`${name} (${route.method} ${url.pathname}) answered ${response.status}, expected ${expected}: ${text.slice(0, 300)}`);
    }
    if (response.status < 400) {
      this.exercised.add(name);
      const position = (json as { position?: unknown } | undefined)?.position;
      if (typeof position === 'number') this.position = Math.max(this.position, position);
      if (typeof route.answer === 'object') {
        const parsed = route.answer.safeParse(json);
        if (!parsed.success) throw new Error(`${name} answered outside its schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))} in ${text.slice(0, 300)}`);
      } else if (route.answer === 'html') {
        expect(response.headers.get('content-type')).toMatch(/text\/html/);
      } else if (route.answer === 'redirect') {
        expect(response.headers.get('location')).toBeTruthy();
      }
    } else {
      expect(json).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
    return { status: response.status, headers: response.headers, body: json, text };
  }

  /** A raw request to a URL the API handed out (signed media links, redirects). */
  async fetch(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    return fetch(new URL(pathOrUrl, this.baseUrl), { redirect: 'manual', ...init });
  }
}

export { eventually } from '../support/eventually';
