import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Platform } from '@app/domain';

/**
 * The OAuth `state` of a link: who asked, for which platform, until when, and a nonce that
 * must match an HttpOnly cookie set on the same browser. HMAC-signed, so the callback (a plain
 * navigation, no bearer) knows the user; the cookie stops anyone linking their account to a
 * victim's session (login CSRF).
 */
export interface LinkState {
  userId: string;
  platform: Platform;
  nonce: string;
  expiresAt: number;
}

export const LINK_STATE_TTL_MS = 10 * 60_000;
export const linkCookieName = (platform: Platform) => `studio_link_${platform}`;

const mac = (secret: string, body: string) => createHmac('sha256', `oauth-state:${secret}`).update(body).digest('base64url');

export function createLinkState(secret: string, userId: string, platform: Platform, nowMs: number): { state: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64url');
  const body = Buffer.from(JSON.stringify({ u: userId, p: platform, n: nonce, e: nowMs + LINK_STATE_TTL_MS })).toString('base64url');
  return { state: `${body}.${mac(secret, body)}`, nonce };
}

export function verifyLinkState(secret: string, state: unknown, nowMs: number): LinkState | null {
  if (typeof state !== 'string') return null;
  const [body, sig] = state.split('.');
  if (!body || !sig) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const d = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u: string; p: Platform; n: string; e: number };
    if (typeof d.e !== 'number' || d.e < nowMs) return null;
    return { userId: d.u, platform: d.p, nonce: d.n, expiresAt: d.e };
  } catch {
    return null;
  }
}

