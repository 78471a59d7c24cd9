import { Strategy as LocalStrategy } from 'passport-local';
import { invalidCredentials, userDecider, userStreamId, type Routes } from '@app/domain';
import type { RequestHandler } from 'express';
import { accountOf, handle, type RouteHandler } from '@app/platform';
import type { Authenticator } from './authenticator';
import { findUserByEmail, forRequest, metadataFor } from './accounts';
import type { AuthContext } from './deps';
import { knownDevice, rememberDevice } from './known-device';
import type { Passwords } from './passwords';

/**
 * The passport local strategy: email → email registry → user stream → password hash. Unknown emails
 * are compared against a dummy hash so they take about as long as a wrong password. A password
 * stored under an older scheme (bcrypt) is re-hashed on its owner's successful sign-in.
 */
export function useLocalStrategy(passport: Authenticator, ctx: AuthContext, passwords: Passwords): void {
  const signIn = async (email: string, password: string, correlationId: string | undefined): Promise<{ id: string } | false> => {
    const user = await findUserByEmail(ctx.eventStore, email);
    const check = await passwords.check(password, user?.passwordHash ?? null);
    if (!user || !check.matches) return false;
    if (check.outdated) await upgradeHash(forRequest(ctx, { correlationId }), passwords, user.userId, user.passwordHash!, password);
    return { id: user.userId };
  };
  passport.use(
    'local',
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: false, passReqToCallback: true }, (req, email, password, done) => {
      signIn(email, password, req.correlationId).then((user) => done(null, user), (error: unknown) => done(error));
    }),
  );
}

/** Best effort: a sign-in never fails because its re-hash could not be recorded. */
async function upgradeHash(ctx: AuthContext, passwords: Passwords, userId: string, previousHash: string, password: string): Promise<void> {
  try {
    const passwordHash = await passwords.hash(password);
    await handle(ctx.eventStore, userStreamId(userId), userDecider, { type: 'UpgradePasswordHash', data: { previousHash, passwordHash }, metadata: metadataFor(ctx, userId) });
    ctx.logger.info({ userId }, 'Password re-hashed with argon2id');
  } catch (error) {
    ctx.logger.warn({ userId, err: error }, 'Could not re-hash a password');
  }
}

/**
 * 429 while the account named in the body waits out its backoff on wrong passwords, unless this
 * browser signed in to that very account before (its device cookie): an attacker who keeps
 * guessing does not lock the owner out of their own browser, and the reset link clears the wait.
 */
export function holdBackoff(ctx: AuthContext): RequestHandler {
  const isOwnersDevice = knownDevice(ctx);
  return (req, _res, next) => {
    const email = accountOf(req);
    if (!email) return next();
    const check = async () => {
      if (!(await isOwnersDevice(req, email))) await ctx.signInBackoff.check(email);
    };
    check().then(() => next(), next);
  };
}

/**
 * POST /login {email, password} → {token}; 401 'Invalid credentials' for a wrong email or
 * password, which counts towards the account's backoff (a success starts it again). The body
 * arrives validated (and the email normalised) by the route table.
 */
export function login(ctx: AuthContext, passport: Authenticator): RouteHandler<Routes['login']> {
  return (req, res, next) => {
    passport.authenticate('local', { session: false }, (error: unknown, user: { id: string } | false) => {
      if (error) return next(error);
      const email = req.body.email;
      if (!user) return void ctx.signInBackoff.failed(email).then(() => next(invalidCredentials()), next);
      ctx.signInBackoff.reset(email).then(() => {
        rememberDevice(ctx, res, user.id);
        res.json({ token: ctx.tokens.issue(user.id) });
      }, next);
    })(req, res, next);
  };
}
