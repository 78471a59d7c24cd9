import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Authenticator } from './authenticator';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import type { StateStore } from 'passport-oauth2';
import { ConflictError, ROUTES, googleIdentityDecider, userDecider, userStreamId } from '@app/domain';
import { cookieOf, handle, loadState, serverPageHead } from '@app/platform';
import { findUserByEmail, forRequest, googleIdentityStream, loadUser, metadataFor, registerAccount } from './accounts';
import type { AuthContext, GoogleSignInConfig } from './deps';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';
/** Where the web app picks the session token up (spec section 4). */
export const verifyPath = (token: string) => `/auth/verify/${encodeURIComponent(token)}`;
/** The login page shows 'Signup failed' / 'Google authentication error' for this. */
export const GOOGLE_FAILURE_PATH = '/login?error=google';

const STATE_COOKIE = 'google_oauth_state';

/**
 * OAuth `state` without sessions: a random nonce in a short-lived HttpOnly cookie, sent to Google
 * as `state` and compared on the callback. It stops login CSRF (someone else's code forced on you).
 */
function cookieStateStore(): StateStore {
  // Sent back only to the sign-in routes (/api/auth/google and its callback).
  const cookiePath = ROUTES.googleSignIn.path;
  const store = {
    store(req: Request, callback: (err: Error | null, state: string) => void) {
      const nonce = randomBytes(24).toString('base64url');
      (req.res as Response).cookie(STATE_COOKIE, nonce, { httpOnly: true, sameSite: 'lax', secure: req.secure, maxAge: 10 * 60_000, path: cookiePath });
      callback(null, nonce);
    },
    verify(req: Request, state: string, callback: (err: Error | null, ok: boolean, state: unknown) => void) {
      const expected = cookieOf(req.headers.cookie, STATE_COOKIE);
      (req.res as Response).clearCookie(STATE_COOKIE, { path: cookiePath });
      const ok = typeof state === 'string' && expected !== null && expected.length === state.length && timingSafeEqual(Buffer.from(expected), Buffer.from(state));
      callback(null, ok, ok ? state : { message: 'Invalid authorization request state.' });
    },
  };
  return store as unknown as StateStore;
}

/**
 * The user a Google account signs in to: the one its id was first linked to (whatever email either
 * has now); otherwise the user with the Google account's verified email, now linked; otherwise a
 * new user without a password.
 */
async function signInWithGoogle(ctx: AuthContext, profile: Profile, fpr: string | null): Promise<string | null> {
  const entry = profile.emails?.[0];
  const email = entry?.value?.trim().toLowerCase();
  if (!profile.id || !email || entry?.verified !== true) return null;
  const identity = googleIdentityStream(profile.id);
  const linkedUser = async () => {
    const { state } = await loadState(ctx.eventStore, identity, googleIdentityDecider);
    return state.owner && (await loadUser(ctx.eventStore, state.owner)) ? state.owner : null;
  };
  const link = async (userId: string) => {
    try {
      await handle(ctx.eventStore, identity, googleIdentityDecider, { type: 'ClaimGoogleIdentity', data: { userId }, metadata: metadataFor(ctx, userId) });
    } catch (error) {
      // Another sign-in with this Google account linked it a moment ago: that one holds.
      const owner = error instanceof ConflictError ? await linkedUser() : null;
      if (!owner) throw error;
      return owner;
    }
    await handle(ctx.eventStore, userStreamId(userId), userDecider, { type: 'LinkGoogleAccount', data: { googleId: profile.id }, metadata: metadataFor(ctx, userId) });
    return userId;
  };

  const linked = await linkedUser();
  if (linked) return linked;
  const existing = await findUserByEmail(ctx.eventStore, email);
  if (existing) return link(existing.userId);
  const name = (profile.displayName?.trim() || email.split('@')[0]).slice(0, 100);
  try {
    const { userId } = await registerAccount(ctx, { name, email, passwordHash: null, googleId: profile.id, fpr });
    ctx.logger.info({ category: 'auth', userId }, 'User registered through Google');
    return link(userId);
  } catch (error) {
    // Someone registered this email a moment ago (a double click): sign in to that account.
    if (!(error instanceof ConflictError)) throw error;
    const winner = await findUserByEmail(ctx.eventStore, email);
    if (!winner) throw error;
    return link(winner.userId);
  }
}

export function useGoogleStrategy(passport: Authenticator, ctx: AuthContext, config: GoogleSignInConfig): void {
  passport.use(
    'google',
    new GoogleStrategy(
      {
        clientID: config.clientID,
        clientSecret: config.clientSecret,
        callbackURL: config.callbackURL,
        ...(config.authorizationURL ? { authorizationURL: config.authorizationURL } : {}),
        ...(config.tokenURL ? { tokenURL: config.tokenURL } : {}),
        ...(config.userProfileURL ? { userProfileURL: config.userProfileURL } : {}),
        store: cookieStateStore(),
        passReqToCallback: true,
      },
      (req, _accessToken, _refreshToken, profile, done) => {
        const fpr = cookieOf(req.headers.cookie, 'fpr')?.slice(0, 100) || null;
        signInWithGoogle(forRequest(ctx, req), profile, fpr)
          .then((userId) => done(null, userId ? { id: userId } : false))
          .catch((error: unknown) => done(error));
      },
    ),
  );
}

const notConfiguredPage = `<!doctype html>
<html lang="en">
<head>${serverPageHead(GOOGLE_NOT_CONFIGURED)}
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2328}</style></head>
<body>
<h1>${GOOGLE_NOT_CONFIGURED}</h1>
<p>This installation has no Google credentials, so signing in with Google is switched off. Please sign in with your email and password instead.</p>
<p>Operators: set <code>GOOGLE_CLIENT_ID</code> and <code>GOOGLE_CLIENT_SECRET</code> to switch it on.</p>
<p><a href="/login">Back to sign in</a></p>
</body>
</html>`;

const notConfigured: RequestHandler = (_req, res) => {
  res.status(503).type('html').send(notConfiguredPage);
};

/** GET /google (start) and GET /google/callback; a clear page when Google is not configured. */
export function googleRoutes(ctx: AuthContext, passport: Authenticator | null): { start: RequestHandler; callback: RequestHandler } {
  if (!passport) return { start: notConfigured, callback: notConfigured };
  const start = passport.authenticate('google', { session: false, scope: ['openid', 'profile', 'email'] }) as RequestHandler;
  const callback: RequestHandler = (req, res, next) => {
    passport.authenticate('google', { session: false }, (error: unknown, user: { id: string } | false) => {
      res.set('Cache-Control', 'no-store');
      if (error || !user) {
        // The reason only: provider errors can carry codes and tokens.
        if (error) ctx.logger.warn({ category: 'auth', reason: error instanceof Error ? error.message : 'unknown' }, 'Google sign-in failed');
        return res.redirect(GOOGLE_FAILURE_PATH);
      }
      res.set('Referrer-Policy', 'no-referrer');
      res.redirect(verifyPath(ctx.tokens.issue(user.id)));
    })(req, res, next);
  };
  return { start, callback };
}
