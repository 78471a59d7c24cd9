import { ConflictError, NotFoundError, UnauthorizedError, ValidationError, assertNever, type Decider } from '../shared';
import type { EmailRegistryCommand, GoogleIdentityCommand, UserCommand } from './commands';
import type { EmailRegistryEvent, GoogleIdentityEvent, UserEvent } from './events';
import {
  evolveEmailRegistry, evolveGoogleIdentity, evolveUser, initialEmailRegistryState, initialGoogleIdentityState, initialUserState,
  type EmailRegistryState, type GoogleIdentityState, type UserState,
} from './state';

export const USER_MESSAGES = {
  userNotFound: 'User not found',
  emailTaken: 'An account with this email already exists',
  sameEmail: 'This is already your email address',
  wrongCurrentPassword: 'Current password is incorrect',
  noPasswordSet: 'This account signs in with Google and has no password to change',
  resetInvalid: 'This reset link is invalid or has expired',
  googleIdentityTaken: 'This Google account is linked to another user',
} as const;

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  const at = command.metadata.now;
  if (command.type === 'RegisterUser') {
    if (state.status !== 'none') throw new ConflictError(USER_MESSAGES.emailTaken);
    const d = command.data;
    return [{ type: 'UserRegistered', data: { userId: d.userId, name: d.name, email: d.email, passwordHash: d.passwordHash, googleId: d.googleId, fpr: d.fpr, registeredAt: at } }];
  }
  if (state.status !== 'registered') throw new NotFoundError(USER_MESSAGES.userNotFound);
  const userId = state.userId;
  switch (command.type) {
    case 'LinkGoogleAccount':
      if (state.googleId === command.data.googleId) return [];
      return [{ type: 'GoogleAccountLinked', data: { userId, googleId: command.data.googleId, at } }];
    case 'ChangeEmail':
      if (state.email === command.data.email) throw new ValidationError(USER_MESSAGES.sameEmail);
      return [{ type: 'EmailChanged', data: { userId, email: command.data.email, previousEmail: state.email, at } }];
    case 'ChangePassword':
      if (state.passwordHash === null) throw new ValidationError(USER_MESSAGES.noPasswordSet);
      if (!command.data.currentPasswordMatches) throw new ValidationError(USER_MESSAGES.wrongCurrentPassword);
      return [{ type: 'PasswordChanged', data: { userId, passwordHash: command.data.passwordHash, at } }];
    case 'RequestPasswordReset': {
      const expiresAt = new Date(Date.parse(at) + command.data.ttlMinutes * 60_000).toISOString();
      return [{ type: 'PasswordResetRequested', data: { userId, tokenHash: command.data.tokenHash, expiresAt, at } }];
    }
    case 'ResetPassword': {
      const expiresAt = state.resetTokens[command.data.tokenHash];
      if (!expiresAt || Date.parse(expiresAt) <= Date.parse(at)) throw new ValidationError(USER_MESSAGES.resetInvalid);
      return [{ type: 'PasswordReset', data: { userId, tokenHash: command.data.tokenHash, passwordHash: command.data.passwordHash, at } }];
    }
    case 'UpgradePasswordHash':
      if (state.passwordHash !== command.data.previousHash) return [];
      return [{ type: 'PasswordHashUpgraded', data: { userId, passwordHash: command.data.passwordHash, at } }];
    case 'GrantRole':
      if (state.roles.includes(command.data.role)) return [];
      return [{ type: 'RoleGranted', data: { userId, role: command.data.role, at } }];
    case 'RevokeRole':
      if (!state.roles.includes(command.data.role)) return [];
      return [{ type: 'RoleRevoked', data: { userId, role: command.data.role, at } }];
    default:
      return assertNever(command);
  }
}

export function decideEmailRegistry(command: EmailRegistryCommand, state: EmailRegistryState): EmailRegistryEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'ClaimEmail':
      if (state.owner === command.data.userId) return [];
      if (state.owner !== null) throw new ConflictError(USER_MESSAGES.emailTaken);
      return [{ type: 'EmailClaimed', data: { email: command.data.email, userId: command.data.userId, at } }];
    case 'ReleaseEmail':
      if (state.owner !== command.data.userId) return [];
      return [{ type: 'EmailReleased', data: { email: command.data.email, userId: command.data.userId, at } }];
    default:
      return assertNever(command);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};

export const emailRegistryDecider: Decider<EmailRegistryCommand, EmailRegistryEvent, EmailRegistryState> = {
  decide: decideEmailRegistry,
  evolve: evolveEmailRegistry,
  initialState: initialEmailRegistryState,
};

/** Wrong email or password: one message for both, so accounts cannot be probed. */
export const invalidCredentials = () => new UnauthorizedError('Invalid credentials');

/** First claim wins: one Google account signs in to exactly one user. */
export function decideGoogleIdentity(command: GoogleIdentityCommand, state: GoogleIdentityState): GoogleIdentityEvent[] {
  if (state.owner === command.data.userId) return [];
  if (state.owner !== null) throw new ConflictError(USER_MESSAGES.googleIdentityTaken);
  return [{ type: 'GoogleIdentityClaimed', data: { userId: command.data.userId, at: command.metadata.now } }];
}

export const googleIdentityDecider: Decider<GoogleIdentityCommand, GoogleIdentityEvent, GoogleIdentityState> = {
  decide: decideGoogleIdentity,
  evolve: evolveGoogleIdentity,
  initialState: initialGoogleIdentityState,
};
