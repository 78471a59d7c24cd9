import type { Event } from '../shared';
import type { Role } from './roles';

export type UserRegistered = Event<'UserRegistered', {
  userId: string;
  name: string;
  email: string;
  /** argon2id hash (bcrypt in accounts made before it); null for an account made through Google sign-in. */
  passwordHash: string | null;
  googleId: string | null;
  /** Affiliate referral code from the `fpr` cookie. */
  fpr: string | null;
  registeredAt: string;
}>;
export type GoogleAccountLinked = Event<'GoogleAccountLinked', { userId: string; googleId: string; at: string }>;
export type EmailChanged = Event<'EmailChanged', { userId: string; email: string; previousEmail: string; at: string }>;
export type PasswordChanged = Event<'PasswordChanged', { userId: string; passwordHash: string; at: string }>;
export type PasswordResetRequested = Event<'PasswordResetRequested', {
  userId: string;
  /** sha256 of the secret part of the token; the token itself is only mailed. */
  tokenHash: string;
  expiresAt: string;
  at: string;
}>;
export type PasswordReset = Event<'PasswordReset', { userId: string; tokenHash: string; passwordHash: string; at: string }>;
/** The same password, re-hashed under the current scheme at a sign-in. */
export type PasswordHashUpgraded = Event<'PasswordHashUpgraded', { userId: string; passwordHash: string; at: string }>;

/** A role an operator gave (`npm run analyst -- grant`) or took back; recorded so it is auditable. */
export type RoleGranted = Event<'RoleGranted', { userId: string; role: Role; at: string }>;
export type RoleRevoked = Event<'RoleRevoked', { userId: string; role: Role; at: string }>;

export type UserEvent = UserRegistered | GoogleAccountLinked | EmailChanged | PasswordChanged | PasswordResetRequested | PasswordReset | PasswordHashUpgraded | RoleGranted | RoleRevoked;

/** The email registry: one stream per email address makes uniqueness race-free. */
export type EmailClaimed = Event<'EmailClaimed', { email: string; userId: string; at: string }>;
export type EmailReleased = Event<'EmailReleased', { email: string; userId: string; at: string }>;
export type EmailRegistryEvent = EmailClaimed | EmailReleased;

/** The Google identity registry: one stream per Google account id, naming the user it signs in to. */
export type GoogleIdentityClaimed = Event<'GoogleIdentityClaimed', { userId: string; at: string }>;
export type GoogleIdentityEvent = GoogleIdentityClaimed;
