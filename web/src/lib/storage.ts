import { deleteCookie, getCookie, setCookie } from './cookies';
import { serverSession } from './server-session';

/** The session token (spec section 3): localStorage key `token`. */
export const TOKEN_KEY = 'token';

/**
 * The same token as a cookie sent only with the signed-in pages' HTML (path /dashboard, never with
 * an API call, which carries it as a bearer header; same site only), so that the server can draw
 * the visitor's page with their data (lib/server-session.ts) instead of a skeleton.
 */
export const SESSION_COOKIE = 'rp_session';
const SESSION_COOKIE_PATH = '/dashboard';
/** As long as a session token lives at most (the server refuses an expired one anyway). */
const SESSION_COOKIE_MAX_AGE = 30 * 24 * 3600;

export function readToken(): string | null {
  // On the server, drawing a signed-in page: that visitor's session.
  if (typeof window === 'undefined') return serverSession()?.token ?? null;
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(TOKEN_KEY, token);
    else window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage unavailable (private mode): the session lives in memory only */
  }
  writeSessionCookie(token);
}

function writeSessionCookie(token: string | null) {
  if (typeof document === 'undefined') return;
  if (token) setCookie(SESSION_COOKIE, token, { path: SESSION_COOKIE_PATH, sameSite: 'Strict', maxAge: SESSION_COOKIE_MAX_AGE });
  else deleteCookie(SESSION_COOKIE, SESSION_COOKIE_PATH);
}

/** The session cookie as the stored token says (a session stored before the cookie existed, or ended in another tab). */
export function syncSessionCookie(): void {
  const token = readToken();
  if (typeof document === 'undefined' || (getCookie(SESSION_COOKIE) ?? null) === token) return;
  writeSessionCookie(token);
}
