import jwt from 'jsonwebtoken';
import { UnauthorizedError } from '@app/domain';

/** Session tokens: HS256 JWTs carrying the user id, with an expiry. */
export class SessionTokens {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number = 7 * 24 * 3600,
  ) {
    if (secret.length < 32) throw new Error('JWT secret must be at least 32 characters');
  }

  issue(userId: string): string {
    return jwt.sign({}, this.secret, { algorithm: 'HS256', subject: userId, expiresIn: this.ttlSeconds });
  }

  /** The user id, or an UnauthorizedError for a forged, expired or malformed token. */
  verify(token: string): string {
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload === 'string' || !payload.sub) throw new Error('no subject');
      return payload.sub;
    } catch {
      throw new UnauthorizedError('Not authorized, token failed');
    }
  }
}
