import { memoryRateLimiter, rateLimit, type HandlersOf } from '@app/platform';
import { me, updateEmail, updatePassword } from './account';
import { createAuthenticator } from './authenticator';
import type { AuthContext, AuthDeps } from './deps';
import { googleRoutes, useGoogleStrategy } from './google';
import { holdBackoff, login, useLocalStrategy } from './login';
import { forgotPassword, resetPassword } from './password-reset';
import { Passwords } from './passwords';
import { register } from './register';

export type { AuthDeps, AuthConfig, GoogleSignInConfig } from './deps';

export type AuthRouteName = 'register' | 'login' | 'me' | 'forgotPassword' | 'resetPassword' | 'updateEmail' | 'updatePassword' | 'googleSignIn' | 'googleCallback';

/**
 * The accounts API: register, login, me, forgot/reset password, update email/password, and
 * Google sign-in. Stateless: JWT bearer tokens, no sessions.
 */
export function authHandlers(deps: AuthDeps): HandlersOf<AuthRouteName> {
  const limiter = deps.limiter ?? memoryRateLimiter({ max: 10, windowMs: 15 * 60_000 });
  const ctx: AuthContext = {
    ...deps,
    logger: deps.logger.child({ category: 'auth' }),
    limiter,
    signInBackoff: limiter.failureBackoff('login-account', deps.signInBackoff),
    now: deps.now ?? (() => new Date()),
  };
  const passwords = new Passwords();
  // One Authenticator per service: no global passport state shared with anything else.
  const authenticator = createAuthenticator();
  useLocalStrategy(authenticator, ctx, passwords);
  if (deps.config.google) useGoogleStrategy(authenticator, ctx, deps.config.google);
  const google = googleRoutes(ctx, deps.config.google ? authenticator : null);
  return {
    register: [rateLimit(ctx.limiter, 'register'), register(ctx, passwords)],
    login: [rateLimit(ctx.limiter, 'login', { perAccount: false }), holdBackoff(ctx), login(ctx, authenticator)],
    me: me(ctx),
    forgotPassword: [rateLimit(ctx.limiter, 'forgot-password'), forgotPassword(ctx)],
    resetPassword: resetPassword(ctx, passwords),
    updateEmail: updateEmail(ctx),
    updatePassword: updatePassword(ctx, passwords),
    googleSignIn: google.start,
    googleCallback: google.callback,
  };
}
