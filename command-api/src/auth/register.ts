import type { Routes } from '@app/domain';
import type { RouteHandler } from '@app/platform';
import { forRequest, registerAccount } from './accounts';
import type { AuthContext } from './deps';
import type { Passwords } from './passwords';

/** POST /register {name, email, password, fpr?} → 201 {token, position}; 409 when the email is taken. */
export function register(shared: AuthContext, passwords: Passwords): RouteHandler<Routes['register']> {
  return async (req, res) => {
    const ctx = forRequest(shared, req);
    const body = req.body;
    const passwordHash = await passwords.hash(body.password);
    const { userId, position } = await registerAccount(ctx, { name: body.name, email: body.email, passwordHash, googleId: null, fpr: body.fpr || null });
    ctx.logger.info({ category: 'auth', userId }, 'User registered');
    res.status(201).json({ token: ctx.tokens.issue(userId), position });
  };
}
