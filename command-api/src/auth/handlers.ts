import express, { type Router } from 'express';
import { createAuthenticator } from './authenticator';
import { authenticate } from '@app/platform/src/http/authenticate';
import { rateLimit, RateLimiter } from '@app/platform/src/http/rate-limit';
import { me, updateEmail, updatePassword } from './account';
import type { AuthContext, AuthDeps } from './deps';
import { googleRoutes, useGoogleStrategy } from './google';
import { login, useLocalStrategy } from './login';
import { forgotPassword, resetPassword } from './password-reset';
import { Passwords } from './passwords';
import { register } from './register';

export type { AuthDeps, AuthConfig, GoogleSignInConfig } from './deps';

/**
 * The accounts API, mounted at `/api/auth`: register, login, me, forgot/reset password,
 * update email/password, and Google sign-in. Stateless: JWT bearer tokens, no sessions.
 */
export function createAuthRouter(deps: AuthDeps): Router {
  const ctx: AuthContext = {
    ...deps,
    logger: deps.logger.child({ category: 'auth' }),
    limiter: deps.limiter ?? new RateLimiter(10, 15 * 60_000),
    now: deps.now ?? (() => new Date()),
  };
  const passwords = new Passwords(deps.config.bcryptCost);
  // One Authenticator per router: no global passport state shared with other routers.
  const authenticator = createAuthenticator();
  useLocalStrategy(authenticator, ctx, passwords);
  if (deps.config.google) useGoogleStrategy(authenticator, ctx, deps.config.google);
  const google = googleRoutes(ctx, deps.config.google ? authenticator : null);
  const bearer = authenticate(deps.tokens);

  const router = express.Router();
  // A no-op when the app already parsed the body.
  router.use(express.json({ limit: '16kb' }));
  router.post('/register', rateLimit(ctx.limiter, 'register'), register(ctx, passwords));
  router.post('/login', rateLimit(ctx.limiter, 'login'), ...login(ctx, authenticator));
  router.get('/me', bearer, me(ctx));
  router.post('/forgot-password', rateLimit(ctx.limiter, 'forgot-password'), forgotPassword(ctx));
  router.post('/reset-password/:token', resetPassword(ctx, passwords));
  router.post('/update-email', bearer, updateEmail(ctx));
  router.post('/update-password', bearer, updatePassword(ctx, passwords));
  router.get('/google', google.start);
  router.get('/google/callback', google.callback);
  return router;
}
