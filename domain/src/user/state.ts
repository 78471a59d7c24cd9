import type { EmailRegistryEvent, GoogleIdentityEvent, UserEvent } from './events';
import { assertNever } from '../shared';
import type { Role } from './roles';

export type UserState =
  | { status: 'none' }
  | {
      status: 'registered';
      userId: string;
      name: string;
      email: string;
      passwordHash: string | null;
      googleId: string | null;
      /** Outstanding reset tokens (hash -> expiry); a token is removed once used. */
      resetTokens: Record<string, string>;
      /** Roles granted in the stream (ANALYST_EMAILS adds `analyst` on top: see rolesOf). */
      roles: Role[];
    };

export const initialUserState = (): UserState => ({ status: 'none' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return { status: 'registered', userId: d.userId, name: d.name, email: d.email, passwordHash: d.passwordHash, googleId: d.googleId, resetTokens: {}, roles: [] };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'GoogleAccountLinked':
      return { ...state, googleId: event.data.googleId };
    case 'EmailChanged':
      return { ...state, email: event.data.email };
    case 'PasswordChanged':
    case 'PasswordHashUpgraded':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'PasswordResetRequested':
      return { ...state, resetTokens: { ...state.resetTokens, [event.data.tokenHash]: event.data.expiresAt } };
    case 'RoleGranted':
      return state.roles.includes(event.data.role) ? state : { ...state, roles: [...state.roles, event.data.role] };
    case 'RoleRevoked':
      return { ...state, roles: state.roles.filter((role) => role !== event.data.role) };
    case 'PasswordReset': {
      // One reset spends every outstanding token: old links stop working.
      return { ...state, passwordHash: event.data.passwordHash, resetTokens: {} };
    }
    default:
      return assertNever(event);
  }
}

export type EmailRegistryState = { owner: string | null };
export const initialEmailRegistryState = (): EmailRegistryState => ({ owner: null });

export function evolveEmailRegistry(state: EmailRegistryState, event: EmailRegistryEvent): EmailRegistryState {
  switch (event.type) {
    case 'EmailClaimed':
      return { owner: event.data.userId };
    case 'EmailReleased':
      return state.owner === event.data.userId ? { owner: null } : state;
    default:
      return assertNever(event);
  }
}

/** The user a Google account signs in to, whatever email either has now. */
export type GoogleIdentityState = { owner: string | null };
export const initialGoogleIdentityState = (): GoogleIdentityState => ({ owner: null });

export function evolveGoogleIdentity(_state: GoogleIdentityState, event: GoogleIdentityEvent): GoogleIdentityState {
  return { owner: event.data.userId };
}
