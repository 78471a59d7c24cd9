import type { Request, Response } from 'express';
import { emailRegistryDecider } from '@app/domain';
import { cookieOf, loadState } from '@app/platform';
import { emailStream } from './accounts';
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
 * Whether this sign-in comes from a browser that signed in to that very account before (its
 * device cookie): such a sign-in is not held by the account's backoff, so an attacker who keeps
 * guessing does not lock its owner out. It still counts per address.
 */
export function knownDevice(ctx: AuthContext): (req: Request, email: string) => Promise<boolean> {
  return async (req, email) => {
    const deviceUser = ctx.tokens.deviceUser(cookieOf(req.headers.cookie, DEVICE_COOKIE) ?? undefined);
    return deviceUser !== null && (await loadState(ctx.eventStore, emailStream(email), emailRegistryDecider)).state.owner === deviceUser;
  };
}
