import { ConflictError, NotFoundError, ValidationError } from '../shared';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import { emailRegistryDecider, googleIdentityDecider, userDecider, USER_MESSAGES } from './decide';
import type { UserRegistered } from './events';
import { rolesOf } from './roles';

const spec = deciderSpec(userDecider);
const registry = deciderSpec(emailRegistryDecider);

const aUserRegistered = (overrides: Partial<UserRegistered['data']> = {}): UserRegistered => ({
  type: 'UserRegistered',
  data: { userId: 'u1', name: 'Ada', email: 'ada@example.com', passwordHash: 'hash-1', googleId: null, fpr: null, registeredAt: NOW, ...overrides },
});

describe('User decider', () => {
  describe('When nobody has registered', () => {
    it('should register the user', () => {
      spec.given([]).when({ type: 'RegisterUser', data: { userId: 'u1', name: 'Ada', email: 'ada@example.com', passwordHash: 'hash-1', googleId: null, fpr: 'aff-7' }, metadata: meta() })
        .then([{ type: 'UserRegistered', data: { userId: 'u1', name: 'Ada', email: 'ada@example.com', passwordHash: 'hash-1', googleId: null, fpr: 'aff-7', registeredAt: NOW } }]);
    });
    it('should refuse to change the email of a user that does not exist', () => {
      spec.given([]).when({ type: 'ChangeEmail', data: { email: 'x@example.com' }, metadata: meta() }).thenThrows(NotFoundError, 'User not found');
    });
  });

  describe('When the user is registered', () => {
    it('should refuse a second registration of the same stream', () => {
      spec.given([aUserRegistered()]).when({ type: 'RegisterUser', data: { userId: 'u1', name: 'Ada', email: 'ada@example.com', passwordHash: 'h', googleId: null, fpr: null }, metadata: meta() })
        .thenThrows(ConflictError, USER_MESSAGES.emailTaken);
    });
    it('should change the email', () => {
      spec.given([aUserRegistered()]).when({ type: 'ChangeEmail', data: { email: 'new@example.com' }, metadata: meta() })
        .then([{ type: 'EmailChanged', data: { userId: 'u1', email: 'new@example.com', previousEmail: 'ada@example.com', at: NOW } }]);
    });
    it('should refuse to change the email to the same address', () => {
      spec.given([aUserRegistered()]).when({ type: 'ChangeEmail', data: { email: 'ada@example.com' }, metadata: meta() }).thenThrows(ValidationError, USER_MESSAGES.sameEmail);
    });
    it('should change the password when the current one matches', () => {
      spec.given([aUserRegistered()]).when({ type: 'ChangePassword', data: { currentPasswordMatches: true, passwordHash: 'hash-2' }, metadata: meta() })
        .then([{ type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'hash-2', at: NOW } }]);
    });
    it('should refuse to change the password when the current one is wrong', () => {
      spec.given([aUserRegistered()]).when({ type: 'ChangePassword', data: { currentPasswordMatches: false, passwordHash: 'hash-2' }, metadata: meta() })
        .thenThrows(ValidationError, USER_MESSAGES.wrongCurrentPassword);
    });
    it('should refuse a password change for a Google-only account', () => {
      spec.given([aUserRegistered({ passwordHash: null, googleId: 'g-1' })]).when({ type: 'ChangePassword', data: { currentPasswordMatches: true, passwordHash: 'h' }, metadata: meta() })
        .thenThrows(ValidationError, USER_MESSAGES.noPasswordSet);
    });
    it('should keep the same password under the current hashing scheme after a sign-in', () => {
      spec.given([aUserRegistered({ passwordHash: '$2a$10$old' })]).when({ type: 'UpgradePasswordHash', data: { previousHash: '$2a$10$old', passwordHash: '$argon2id$new' }, metadata: meta() })
        .then([{ type: 'PasswordHashUpgraded', data: { userId: 'u1', passwordHash: '$argon2id$new', at: NOW } }]);
    });
    it('should not upgrade a hash that changed since the sign-in checked it', () => {
      spec.given([aUserRegistered({ passwordHash: '$2a$10$old' }), { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: '$argon2id$changed', at: NOW } }])
        .when({ type: 'UpgradePasswordHash', data: { previousHash: '$2a$10$old', passwordHash: '$argon2id$new' }, metadata: meta() })
        .thenNothingHappens();
    });
    it('should link a Google account once', () => {
      spec.given([aUserRegistered()]).when({ type: 'LinkGoogleAccount', data: { googleId: 'g-1' }, metadata: meta() })
        .then([{ type: 'GoogleAccountLinked', data: { userId: 'u1', googleId: 'g-1', at: NOW } }]);
      spec.given([aUserRegistered({ googleId: 'g-1' })]).when({ type: 'LinkGoogleAccount', data: { googleId: 'g-1' }, metadata: meta() }).thenNothingHappens();
    });
  });

  describe('When a password reset was requested', () => {
    const requested = { type: 'PasswordResetRequested' as const, data: { userId: 'u1', tokenHash: 't1', expiresAt: '2026-11-22T11:00:00.000Z', at: NOW } };
    it('should record the request with an expiry ttl minutes later', () => {
      spec.given([aUserRegistered()]).when({ type: 'RequestPasswordReset', data: { tokenHash: 't1', ttlMinutes: 60 }, metadata: meta() }).then([requested]);
    });
    it('should reset the password with a valid token', () => {
      spec.given([aUserRegistered(), requested]).when({ type: 'ResetPassword', data: { tokenHash: 't1', passwordHash: 'hash-3' }, metadata: meta('2026-11-22T10:30:00.000Z') })
        .then([{ type: 'PasswordReset', data: { userId: 'u1', tokenHash: 't1', passwordHash: 'hash-3', at: '2026-11-22T10:30:00.000Z' } }]);
    });
    it('should refuse an expired token', () => {
      spec.given([aUserRegistered(), requested]).when({ type: 'ResetPassword', data: { tokenHash: 't1', passwordHash: 'h' }, metadata: meta('2026-11-22T11:00:01.000Z') })
        .thenThrows(ValidationError, USER_MESSAGES.resetInvalid);
    });
    it('should refuse a token used once already', () => {
      const reset = { type: 'PasswordReset' as const, data: { userId: 'u1', tokenHash: 't1', passwordHash: 'hash-3', at: NOW } };
      spec.given([aUserRegistered(), requested, reset]).when({ type: 'ResetPassword', data: { tokenHash: 't1', passwordHash: 'h' }, metadata: meta() })
        .thenThrows(ValidationError, USER_MESSAGES.resetInvalid);
    });
    it('should refuse an unknown token', () => {
      spec.given([aUserRegistered(), requested]).when({ type: 'ResetPassword', data: { tokenHash: 'other', passwordHash: 'h' }, metadata: meta() })
        .thenThrows(ValidationError, USER_MESSAGES.resetInvalid);
    });
  });
});

describe('User roles', () => {
  const granted = (role: 'analyst' | 'pii') => ({ type: 'RoleGranted' as const, data: { userId: 'u1', role, at: NOW } });

  describe('When an operator grants a role', () => {
    it('should record it', () => {
      spec.given([aUserRegistered()]).when({ type: 'GrantRole', data: { role: 'analyst' }, metadata: meta() }).then([granted('analyst')]);
    });
    it('should record nothing when the user already has it', () => {
      spec.given([aUserRegistered(), granted('analyst')]).when({ type: 'GrantRole', data: { role: 'analyst' }, metadata: meta() }).then([]);
    });
    it('should refuse a user that does not exist', () => {
      spec.given([]).when({ type: 'GrantRole', data: { role: 'analyst' }, metadata: meta() }).thenThrows(NotFoundError, 'User not found');
    });
  });

  describe('When an operator revokes a role', () => {
    it('should record it when the user has it', () => {
      spec.given([aUserRegistered(), granted('pii')]).when({ type: 'RevokeRole', data: { role: 'pii' }, metadata: meta() })
        .then([{ type: 'RoleRevoked', data: { userId: 'u1', role: 'pii', at: NOW } }]);
    });
    it('should record nothing when the user does not have it', () => {
      spec.given([aUserRegistered()]).when({ type: 'RevokeRole', data: { role: 'pii' }, metadata: meta() }).then([]);
    });
  });

  describe('When the roles are read', () => {
    it('should add analyst for an email the operator listed, whatever its case, and keep granted roles', () => {
      expect(rolesOf({ email: 'Ada@Example.com', roles: ['pii'] }, [' ada@example.com'])).toEqual(['analyst', 'pii']);
      expect(rolesOf({ email: 'bob@example.com', roles: [] }, ['ada@example.com'])).toEqual([]);
      expect(rolesOf({ email: 'bob@example.com', roles: ['analyst', 'analyst'] }, [])).toEqual(['analyst']);
    });
  });
});

describe('Email registry decider', () => {
  const claimed = { type: 'EmailClaimed' as const, data: { email: 'a@x.io', userId: 'u1', at: NOW } };
  it('should let the first user claim a free email', () => {
    registry.given([]).when({ type: 'ClaimEmail', data: { email: 'a@x.io', userId: 'u1' }, metadata: meta() }).then([claimed]);
  });
  it('should refuse a second user the same email', () => {
    registry.given([claimed]).when({ type: 'ClaimEmail', data: { email: 'a@x.io', userId: 'u2' }, metadata: meta() }).thenThrows(ConflictError, USER_MESSAGES.emailTaken);
  });
  it('should treat a repeated claim by the owner as done', () => {
    registry.given([claimed]).when({ type: 'ClaimEmail', data: { email: 'a@x.io', userId: 'u1' }, metadata: meta() }).thenNothingHappens();
  });
  it('should free the email once released', () => {
    const released = { type: 'EmailReleased' as const, data: { email: 'a@x.io', userId: 'u1', at: NOW } };
    registry.given([claimed, released]).when({ type: 'ClaimEmail', data: { email: 'a@x.io', userId: 'u2' }, metadata: meta() })
      .then([{ type: 'EmailClaimed', data: { email: 'a@x.io', userId: 'u2', at: NOW } }]);
  });
});

describe('Google identity registry decider', () => {
  const identity = deciderSpec(googleIdentityDecider);
  const claim = (userId: string) => ({ type: 'ClaimGoogleIdentity' as const, data: { userId }, metadata: meta() });
  const claimed = { type: 'GoogleIdentityClaimed' as const, data: { userId: 'u1', at: NOW } };
  it('should link a Google account to the first user that claims it', () => {
    identity.given([]).when(claim('u1')).then([claimed]);
  });
  it('should treat a repeated claim by that user as done', () => {
    identity.given([claimed]).when(claim('u1')).thenNothingHappens();
  });
  it('should refuse to link it to a second user', () => {
    identity.given([claimed]).when(claim('u2')).thenThrows(ConflictError, USER_MESSAGES.googleIdentityTaken);
  });
});
