import { Strategy as LocalStrategy } from 'passport-local';
import { invalidCredentials, type Routes } from '@app/domain';
import type { RouteHandler } from '@app/platform';
import type { Authenticator } from './authenticator';
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

/**
 * POST /login {email, password} → {token}; 401 'Invalid credentials' for a wrong email or
 * password. The body arrives validated (and the email normalised) by the route table.
 */
export function login(ctx: AuthContext, passport: Authenticator): RouteHandler<Routes['login']> {
  return (req, res, next) => {
    passport.authenticate('local', { session: false }, (error: unknown, user: { id: string } | false) => {
      if (error) return next(error);
      if (!user) return next(invalidCredentials());
      res.json({ token: ctx.tokens.issue(user.id) });
    })(req, res, next);
  };
}
