import type { RequestHandler } from 'express';
import type { Authenticator } from './authenticator';
import { Strategy as LocalStrategy } from 'passport-local';
import { invalidCredentials, loginSchema } from '@app/domain';
import { parseOrThrow } from '@app/platform/src/http/errors';
import { findUserByEmail } from './accounts';
import type { AuthContext } from './deps';
import type { Passwords } from './passwords';

/**
 * The passport local strategy: email → email registry → user stream → bcrypt. Unknown emails are
 * compared against a dummy hash so they take about as long as a wrong password.
 */
export function useLocalStrategy(passport: Authenticator, ctx: AuthContext, passwords: Passwords): void {
  passport.use(
    'local',
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: false }, (email, password, done) => {
      findUserByEmail(ctx.eventStore, email)
        .then(async (user) => ((await passwords.matches(password, user?.passwordHash ?? null)) && user ? done(null, { id: user.userId }) : done(null, false)))
        .catch((error: unknown) => done(error));
    }),
  );
}

/** POST /login {email, password} → {token}; 401 'Invalid credentials' for a wrong email or password. */
export function login(ctx: AuthContext, passport: Authenticator): RequestHandler[] {
  const validate: RequestHandler = (req, _res, next) => {
    // Validated (and the email normalised) before passport reads the body.
    req.body = parseOrThrow(loginSchema, req.body);
    next();
  };
  const authenticateLocal: RequestHandler = (req, res, next) => {
    passport.authenticate('local', { session: false }, (error: unknown, user: { id: string } | false) => {
      if (error) return next(error);
      if (!user) return next(invalidCredentials());
      res.json({ token: ctx.tokens.issue(user.id) });
    })(req, res, next);
  };
  return [validate, authenticateLocal];
}
