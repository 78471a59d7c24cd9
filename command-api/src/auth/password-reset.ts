import { randomBytes } from 'node:crypto';
import { NotFoundError, userDecider, userStreamId, USER_MESSAGES, ValidationError, type Routes } from '@app/domain';
import { escapeHtml, handle, loadState, sha256, type RouteHandler } from '@app/platform';
import { findUserByEmail, forRequest, metadataFor } from './accounts';
import type { AuthContext } from './deps';
import type { Passwords } from './passwords';

/** The one answer to every well-formed forgot-password request, known email or not. */
export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, a reset link has been sent.';
export const RESET_PASSWORD_MESSAGE = 'Your password has been updated.';

/** A reset token is `<userId>.<secret>`; only sha256(secret) is stored. */
export function parseResetToken(token: string): { userId: string; secret: string } | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { userId: match[1], secret: match[2] } : null;
}


function resetMail(name: string, link: string, ttlMinutes: number) {
  const text = [
    `Hi ${name},`,
    '',
    `Someone asked to reset the password of your account. Open this link within ${ttlMinutes} minutes to choose a new one:`,
    '',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your account. Open this link within ${ttlMinutes} minutes to choose a new one:</p>
<p><a href="${escapeHtml(link)}">Reset your password</a></p>
<p>The link works once. If you did not ask for it, ignore this mail: your password stays as it is.</p>`;
  return { subject: 'Reset your password', text, html };
}

/**
 * POST /forgot-password {email} → 200 {message}, the same for known and unknown emails. The
 * link is mailed, never answered (docs/spec-deviations.md).
 */
export function forgotPassword(shared: AuthContext): RouteHandler<Routes['forgotPassword']> {
  const ttlMinutes = Math.min(shared.config.resetTtlMinutes, 60);
  const publicUrl = shared.config.publicUrl.replace(/\/+$/, '');
  return async (req, res) => {
    const ctx = forRequest(shared, req);
    const { email } = req.body;
    const user = await findUserByEmail(ctx.eventStore, email);
    if (user) {
      const secret = randomBytes(32).toString('base64url');
      await handle(ctx.eventStore, userStreamId(user.userId), userDecider, {
        type: 'RequestPasswordReset',
        data: { tokenHash: sha256(secret), ttlMinutes },
        metadata: metadataFor(ctx, user.userId),
      });
      const link = `${publicUrl}/reset-password/${user.userId}.${secret}`;
      await ctx.mailer.send({ to: user.email, ...resetMail(user.name, link, ttlMinutes) });
      ctx.logger.info({ category: 'auth', userId: user.userId }, 'Password reset link sent');
    }
    res.json({ message: FORGOT_PASSWORD_MESSAGE });
  };
}

/** POST /reset-password/:token {password} → {message, position}; 400 for an unknown, used or expired link. */
export function resetPassword(shared: AuthContext, passwords: Passwords): RouteHandler<Routes['resetPassword']> {
  return async (req, res) => {
    const ctx = forRequest(shared, req);
    const { password } = req.body;
    const parsed = parseResetToken(String(req.params.token ?? ''));
    if (!parsed) throw new ValidationError(USER_MESSAGES.resetInvalid);
    const passwordHash = await passwords.hash(password);
    try {
      const result = await handle(ctx.eventStore, userStreamId(parsed.userId), userDecider, {
        type: 'ResetPassword',
        data: { tokenHash: sha256(parsed.secret), passwordHash },
        metadata: metadataFor(ctx, parsed.userId),
      });
      ctx.logger.info({ category: 'auth', userId: parsed.userId }, 'Password reset');
      // The owner proved they hold the mailbox: wrong guesses made before no longer hold the account.
      const { state } = await loadState(ctx.eventStore, userStreamId(parsed.userId), userDecider);
      if (state.status === 'registered') await ctx.signInBackoff.reset(state.email);
      res.json({ message: RESET_PASSWORD_MESSAGE, position: result.position });
    } catch (error) {
      // An unknown user says no more than an unknown token.
      if (error instanceof NotFoundError) throw new ValidationError(USER_MESSAGES.resetInvalid);
      throw error;
    }
  };
}
