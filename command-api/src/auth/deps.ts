import type { BackoffOptions, EventStore, FailureBackoff, Logger, Mailer, RateLimiter, SessionTokens } from '@app/platform';

export interface GoogleSignInConfig {
  clientID: string;
  clientSecret: string;
  /** Absolute URL of `/api/auth/google/callback` as registered with Google. */
  callbackURL: string;
  /** Overrides for Google's endpoints (tests point them at a local stand-in). */
  authorizationURL?: string;
  tokenURL?: string;
  userProfileURL?: string;
}

export interface AuthConfig {
  /** The web origin, for links in mails, e.g. `https://studio.example.com` (no trailing slash needed). */
  publicUrl: string;
  /** How long a reset link stays valid; at most 60. */
  resetTtlMinutes: number;
  /** Google sign-in; null when `GOOGLE_CLIENT_ID`/`GOOGLE_CLIENT_SECRET` are not set. */
  google: GoogleSignInConfig | null;
  /** ANALYST_EMAILS: accounts that are analysts whatever their stream says. */
  analystEmails?: readonly string[];
}

export interface AuthDeps {
  eventStore: EventStore;
  tokens: SessionTokens;
  mailer: Mailer;
  logger: Logger;
  /**
   * Limits login, register and forgot-password per IP (and the last two per account). Default: 10
   * per 15 minutes. Sign-ins are held per account by a backoff on wrong passwords in the same store.
   */
  limiter?: RateLimiter;
  /** The backoff on wrong passwords per account; default 5 free, then 30 s doubling to 15 min. */
  signInBackoff?: BackoffOptions;
  config: AuthConfig;
  /** The clock for command metadata (reset-link expiry, stale claims). Default: the system clock. */
  now?: () => Date;
}

/** AuthDeps with the defaults filled in, as the handlers use them. */
export interface AuthContext extends Required<Omit<AuthDeps, 'config' | 'signInBackoff'>> {
  config: AuthConfig;
  /** Wrong passwords in a row per account email (shared by every instance through the limiter's store). */
  signInBackoff: FailureBackoff;
  /** Within one request (`forRequest`): the correlation id its commands carry. */
  correlationId?: string;
}
