import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { UnauthorizedError } from '@app/domain';

const KNOWN_DEVICE = 'known-device';

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
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload === 'string' || !payload.sub) throw new Error('no subject');
      if (payload.aud === KNOWN_DEVICE) throw new Error('a device token is not a session');
      return payload.sub;
    } catch {
      throw new UnauthorizedError('Not authorized, token failed');
    }
  }

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
