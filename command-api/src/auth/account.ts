import { rolesOf, type Routes, type UserEvent, userDecider, userStreamId, USER_MESSAGES, ValidationError } from '@app/domain';
import { currentUserId, handle, type HandleResult, type RouteHandler } from '@app/platform';
import { claimEmail, forRequest, metadataFor, releaseEmail, requireUser } from './accounts';
import type { AuthContext } from './deps';
import type { Passwords } from './passwords';

/** GET /me (bearer) → {_id, email, name, roles}, read from the user's stream (so it is current at once). */
export function me(ctx: AuthContext): RouteHandler<Routes['me']> {
  return async (req, res) => {
    const user = await requireUser(ctx.eventStore, currentUserId(req));
    res.json({ _id: user.userId, email: user.email, name: user.name, roles: rolesOf(user, ctx.config.analystEmails ?? []) });
  };
}

/**
 * POST /update-email (bearer) {email} → {message, position}. Claims the new email first (409 when
 * taken), changes it on the user, then releases the old one.
 */
export function updateEmail(shared: AuthContext): RouteHandler<Routes['updateEmail']> {
  return async (req, res) => {
    const ctx = forRequest(shared, req);
    const userId = currentUserId(req);
    const { email } = req.body;
    const user = await requireUser(ctx.eventStore, userId);
    if (user.email === email) throw new ValidationError(USER_MESSAGES.sameEmail);
    await claimEmail(ctx, email, userId);
    let changed: HandleResult<UserEvent>;
    try {
      changed = await handle(ctx.eventStore, userStreamId(userId), userDecider, { type: 'ChangeEmail', data: { email }, metadata: metadataFor(ctx, userId) });
    } catch (error) {
      await releaseEmail(ctx, email, userId).catch((releaseError: unknown) =>
        ctx.logger.error({ category: 'auth', err: releaseError, userId }, 'Could not release the claim of a failed email change'),
      );
      throw error;
    }
    const released = await releaseEmail(ctx, user.email, userId);
    ctx.logger.info({ category: 'auth', userId }, 'Email changed');
    res.json({ message: 'Email updated successfully', position: Math.max(changed.position, released.position) });
  };
}

/**
 * POST /update-password (bearer) {currentPassword, newPassword} → {message, position}; 400
 * 'Current password is incorrect'. The new password follows the Register rules (spec-deviations).
 */
export function updatePassword(shared: AuthContext, passwords: Passwords): RouteHandler<Routes['updatePassword']> {
  return async (req, res) => {
    const ctx = forRequest(shared, req);
    const userId = currentUserId(req);
    // Guessing the current password with a stolen session is limited like a login.
    await ctx.limiter.hit(`update-password:user:${userId}`);
    const body = req.body;
    const user = await requireUser(ctx.eventStore, userId);
    const currentPasswordMatches = user.passwordHash !== null && (await passwords.matches(body.currentPassword, user.passwordHash));
    // No need to pay for a hash the decider will refuse.
    const passwordHash = currentPasswordMatches ? await passwords.hash(body.newPassword) : '';
    const result = await handle(ctx.eventStore, userStreamId(userId), userDecider, {
      type: 'ChangePassword',
      data: { currentPasswordMatches, passwordHash },
      metadata: metadataFor(ctx, userId),
    });
    ctx.logger.info({ category: 'auth', userId }, 'Password changed');
    res.json({ message: 'Password updated successfully', position: result.position });
  };
}
