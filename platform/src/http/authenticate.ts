import type { Request, RequestHandler } from 'express';
import { UnauthorizedError } from '@app/domain';
import type { SessionTokens } from '../security/tokens';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate` from the bearer token. */
    userId?: string;
  }
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return null;
}

/** Requires `Authorization: Bearer <token>`; 401 when missing, forged or expired. */
export function authenticate(tokens: SessionTokens, options: { allowQueryToken?: boolean } = {}): RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req) ?? (options.allowQueryToken && typeof req.query.token === 'string' ? req.query.token : null);
    if (!token) throw new UnauthorizedError('Not authorized, no token');
    req.userId = tokens.verify(token);
    next();
  };
}

/** The authenticated user id, for handlers behind `authenticate`. */
export function currentUserId(req: Request): string {
  if (!req.userId) throw new UnauthorizedError('Not authorized, no token');
  return req.userId;
}
