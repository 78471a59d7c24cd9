/**
 * The one RTK Query API of the app (house style). Features add their endpoints with `api.injectEndpoints`.
 * Defaults of spec sections 7 and 9: data never goes stale (no refetch on mount, focus or reconnect),
 * no retries, no polling; errors read 'Server error: {status} - {statusText}' (5xx) or '{status}: {body text}'.
 */
import { createAction } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { MIN_POSITION_HEADER, STALE_HEADER } from '@app/domain';
import { positionSeen, rememberPosition, type PositionState } from './position-slice';
import { readToken } from './storage';
import { takeEarlyAnswer } from './early-requests';
import { serverSession } from './server-session';
import { delay } from './waiting';

/** The longest a request waits before asking a busy server again. */
export const BUSY_RETRY_MAX_MS = 5000;
const STALE_RETRIES = 3;
const STALE_RETRY_MS = 250;

export const TAG_TYPES = ['Video', 'Stats', 'Subscription', 'Social', 'Series', 'User', 'Catalog', 'Batch', 'Media'] as const;

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

/** What every failed call rejects with. `message` is the spec's wording; `data` the parsed body (e.g. `{error}`). */
export interface ApiError {
  status: number | 'FETCH_ERROR';
  message: string;
  data?: unknown;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}

/** The server's `error` field of a failed call, if any. */
export function serverErrorOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const data = error.data as { error?: unknown } | undefined;
  return data && typeof data.error === 'string' && data.error ? data.error : undefined;
}

/** The spec's capacity notice (section 8), for a server that stayed busy (503) after the polite retry. */
export const BUSY_TOAST = { title: 'Service Unavailable', description: 'Our service is currently at capacity. Please try again in a few minutes.' } as const;

/**
 * What a form shows when its call failed for the server's sake, not the user's: the capacity notice
 * for a busy server, else the spec's 'Server error: {status} - {statusText}'; undefined for anything
 * else (a 4xx, a network failure), which the form words itself.
 */
export function serverTroubleOf(error: unknown): { title?: string; description: string } | undefined {
  if (!isApiError(error) || error.status === 'FETCH_ERROR') return undefined;
  if (error.status === 503) return BUSY_TOAST;
  if (error.status >= 500) return { description: error.message };
  return undefined;
}

/** Spec section 7: 'Server error: {status} - {statusText}' for 5xx, '{status}: {body text}' otherwise. */
export function formatHttpError(status: number, statusText: string, bodyText: string): string {
  return status >= 500 ? `Server error: ${status} - ${statusText}` : `${status}: ${bodyText}`;
}

function buildUrl(url: string, params?: RequestArgs['params']) {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function absolute(url: string) {
  // fetch in the browser resolves relative URLs itself; under node it needs a base: the server's own
  // origin when it draws a visitor's page (lib/server-session.ts), else (tests) none.
  if (/^https?:/.test(url)) return url;
  if (typeof window === 'undefined') {
    const origin = serverSession()?.origin;
    return origin ? new URL(url, origin).toString() : url;
  }
  return new URL(url, window.location.origin).toString();
}

export const baseQuery: BaseQueryFn<string | RequestArgs, unknown, ApiError> = async (arg, api) => {
  const args: RequestArgs = typeof arg === 'string' ? { url: arg } : arg;
  const method = args.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (api.type === 'query') {
    const last = (api.getState() as { position?: PositionState }).position?.last ?? 0;
    if (last > 0) headers.set(MIN_POSITION_HEADER, String(last));
  }
  for (const [k, v] of Object.entries(args.headers ?? {})) headers.set(k, v);

  let response: Response;
  const send = () =>
    fetch(absolute(buildUrl(args.url, args.params)), {
      method,
      headers,
      credentials: 'include',
      body: args.body === undefined ? undefined : JSON.stringify(args.body),
      signal: serverSession()?.signal ?? api.signal,
    });
  // A read the page's first script already sent (lib/early-requests): its answer, not a second request
  // (unless a write since asks for a read of its own position).
  const early = method === 'GET' && api.type === 'query' && !args.params && !headers.has(MIN_POSITION_HEADER) ? takeEarlyAnswer(args.url, token) : undefined;
  try {
    response = await (early ?? send());
    // A busy server refuses new expensive work before doing any of it, and a store out of reach refuses a request it
    // never got (503 + Retry-After): ask once more, politely. Without Retry-After, a write may have been carried out.
    if (response.status === 503 && response.headers.has('retry-after')) {
      const wait = Math.min(BUSY_RETRY_MAX_MS, 1000 * (Number(response.headers.get('retry-after')) || 1));
      await delay(wait);
      response = await send();
    }
    // The query side answers with `x-stale` when it waited its while and our last write was still not
    // in its read models (a backlog): asked again, a few times, rather than shown as if it were fresh.
    for (let tries = 0; api.type === 'query' && response.ok && response.headers.has(STALE_HEADER) && tries < STALE_RETRIES; tries++) {
      await delay(STALE_RETRY_MS);
      response = await send();
    }
  } catch (e) {
    return { error: { status: 'FETCH_ERROR', message: e instanceof Error ? e.message : 'Network error' } };
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    return { error: { status: response.status, message: formatHttpError(response.status, response.statusText, text), data } };
  }
  const position = (data as { position?: unknown } | undefined)?.position;
  if (method !== 'GET' && typeof position === 'number') {
    api.dispatch(positionSeen(position));
    rememberPosition(position);
  }
  return { data };
};

/** The store's state as the server drew the page from (`{ api: … }`), for the browser's store to start from. */
export const sessionStateArrived = createAction<Record<string, unknown>>('app/sessionStateArrived');

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 3600,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
  // A page the server drew for its visitor comes with the answers it was drawn from (app/start.tsx).
  extractRehydrationInfo: (action, { reducerPath }) => (sessionStateArrived.match(action) ? (action.payload as Record<string, never>)[reducerPath] : undefined),
});
