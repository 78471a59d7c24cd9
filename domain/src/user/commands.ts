import type { Command } from '../shared';
import type { Role } from './roles';

export type RegisterUser = Command<'RegisterUser', {
  userId: string;
  name: string;
  email: string;
  passwordHash: string | null;
  googleId: string | null;
  fpr: string | null;
}>;
export type LinkGoogleAccount = Command<'LinkGoogleAccount', { googleId: string }>;
export type ChangeEmail = Command<'ChangeEmail', { email: string }>;
/** The caller checks the current password (hashing runs off the event loop) and passes the verdict in. */
export type ChangePassword = Command<'ChangePassword', { currentPasswordMatches: boolean; passwordHash: string }>;
export type RequestPasswordReset = Command<'RequestPasswordReset', { tokenHash: string; ttlMinutes: number }>;
export type ResetPassword = Command<'ResetPassword', { tokenHash: string; passwordHash: string }>;
/**
 * After a sign-in that matched `previousHash` (an older scheme, bcrypt): the same password under
 * the current scheme. A no-op when the password changed meanwhile.
 */
export type UpgradePasswordHash = Command<'UpgradePasswordHash', { previousHash: string; passwordHash: string }>;

export type GrantRole = Command<'GrantRole', { role: Role }>;
export type RevokeRole = Command<'RevokeRole', { role: Role }>;

export type UserCommand = RegisterUser | LinkGoogleAccount | ChangeEmail | ChangePassword | RequestPasswordReset | ResetPassword | UpgradePasswordHash | GrantRole | RevokeRole;

export type ClaimEmail = Command<'ClaimEmail', { email: string; userId: string }>;
export type ReleaseEmail = Command<'ReleaseEmail', { email: string; userId: string }>;
export type EmailRegistryCommand = ClaimEmail | ReleaseEmail;

export type ClaimGoogleIdentity = Command<'ClaimGoogleIdentity', { userId: string }>;
export type GoogleIdentityCommand = ClaimGoogleIdentity;
