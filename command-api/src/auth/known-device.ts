import type { RequestHandler, Response } from 'express';
import { emailRegistryDecider } from '@app/domain';
import { loadState, type RateLimiter } from '@app/platform';
import { emailStream } from './accounts';
import { readCookie } from './cookies';
import type { AuthContext } from './deps';

export const DEVICE_COOKIE = 'studio_device';

/** After a successful sign-in: this browser is a known device of the account (HttpOnly, a year). */
export function rememberDevice(ctx: AuthContext, res: Response, userId: string): void {
  res.cookie(DEVICE_COOKIE, ctx.tokens.issueDevice(userId), {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.publicUrl.startsWith('https:'),
    path: '/api/auth',
    maxAge: 365 * 24 * 3600 * 1000,
  });
}

/**
 * The sign-in throttle: per address always; per account too, except for a browser that signed in
 * to that very account before (its device cookie), so an attacker who exhausts an account's
 * attempts does not lock its owner out. (The reset link is never throttled per account.)
 */
export function signInThrottle(ctx: AuthContext, limiter: RateLimiter): RequestHandler {
  return (req, _res, next) => {
    const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : null;
    const check = async () => {
      await limiter.hit(`login:ip:${req.ip}`);
      if (!email) return;
      const deviceUser = ctx.tokens.deviceUser(readCookie(req, DEVICE_COOKIE) ?? undefined);
      if (deviceUser && (await loadState(ctx.eventStore, emailStream(email), emailRegistryDecider)).state.owner === deviceUser) return;
      await limiter.hit(`login:account:${email}`);
    };
    check().then(() => next(), next);
  };
}
