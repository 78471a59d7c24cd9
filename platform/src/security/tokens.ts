import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { UnauthorizedError } from '@app/domain';
import { Lru } from '../shared/lru';

const KNOWN_DEVICE = 'known-device';
/** Verified session tokens one process keeps (see `SessionTokens.verify`). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Session tokens: HS256 JWTs carrying the user id, with an expiry. */
export class SessionTokens {
  /** The key object, made once: given the secret as a string, jsonwebtoken makes one per call (a hot spot under load). */
  private readonly secret: KeyObject;

  constructor(
    secret: string,
    private readonly ttlSeconds: number = 7 * 24 * 3600,
  ) {
    if (secret.length < 32) throw new Error('JWT secret must be at least 32 characters');
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  issue(userId: string): string {
    return jwt.sign({}, this.secret, { algorithm: 'HS256', subject: userId, expiresIn: this.ttlSeconds });
  }

  /** The user id, or an UnauthorizedError for a forged, expired or malformed token (or a device token). */
  verify(token: string): string {
    const known = this.verified.get(token);
    if (known && Date.now() < known.expiresAt) return known.userId;
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload === 'string' || !payload.sub) throw new Error('no subject');
      if (payload.aud === KNOWN_DEVICE) throw new Error('a device token is not a session');
      if (payload.exp !== undefined) this.verified.set(token, { userId: payload.sub, expiresAt: payload.exp * 1000 });
      return payload.sub;
    } catch {
      this.verified.delete(token);
      throw new UnauthorizedError('Not authorized, token failed');
    }
  }

  /**
   * Tokens whose signature was checked, with their user and expiry: the same string always verifies
   * the same way, so a request with a token seen before only checks the expiry (an HMAC and two JSON
   * parses less on every signed-in request). Bounded; the least recently used is forgotten first.
   */
  private readonly verified = new Lru<{ userId: string; expiresAt: number }>(VERIFIED_TOKENS_KEPT);

  /**
   * A year-long proof that this browser signed in as `userId` before (an HttpOnly cookie). It opens
   * nothing by itself: it only lets its owner past the per-account sign-in throttle an attacker
   * may have exhausted.
   */
  issueDevice(userId: string): string {
    return jwt.sign({}, this.secret, { algorithm: 'HS256', subject: userId, audience: KNOWN_DEVICE, expiresIn: 365 * 24 * 3600 });
  }

  /** The user a device token names, or null. */
  deviceUser(token: string | undefined): string | null {
    if (!token) return null;
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'], audience: KNOWN_DEVICE });
      return typeof payload === 'string' ? null : payload.sub ?? null;
    } catch {
      return null;
    }
  }
}
