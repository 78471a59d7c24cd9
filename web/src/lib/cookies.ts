/** Tiny cookie helpers (no dependency). */
export interface CookieOptions {
  /** Seconds. */
  maxAge?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

export function getCookie(name: string): string | undefined {
  // None at build time, where the signed-in pages' skeletons are rendered.
  if (typeof document === 'undefined') return undefined;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie ? document.cookie.split('; ') : []) {
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length));
      } catch {
        return part.slice(prefix.length);
      }
    }
  }
  return undefined;
}

export function setCookie(name: string, value: string, { maxAge, path = '/', sameSite = 'Lax' }: CookieOptions = {}) {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${path}; SameSite=${sameSite}`;
  if (maxAge !== undefined) cookie += `; max-age=${maxAge}`;
  if (typeof window !== 'undefined' && window.location.protocol === 'https:') cookie += '; Secure';
  document.cookie = cookie;
}

export function deleteCookie(name: string, path = '/') {
  document.cookie = `${encodeURIComponent(name)}=; path=${path}; max-age=0`;
}

/** Affiliate referral (spec sections 2 and 9): query parameter `fpr` kept in the cookie `fpr` for 30 days. */
export const FPR_COOKIE = 'fpr';
export const FPR_MAX_AGE = 2592000;

/** Store `?fpr=` of the given search string; returns the stored value. */
export function storeReferralFromSearch(search: string): string | undefined {
  const fpr = new URLSearchParams(search).get('fpr')?.trim();
  if (!fpr) return undefined;
  setCookie(FPR_COOKIE, fpr.slice(0, 100), { maxAge: FPR_MAX_AGE });
  return fpr;
}

export function readReferral(): string | undefined {
  return getCookie(FPR_COOKIE) || undefined;
}
