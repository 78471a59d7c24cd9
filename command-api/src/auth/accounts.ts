import { randomUUID } from 'node:crypto';
import {
  ConflictError,
  emailRegistryDecider,
  emailStreamId,
  googleIdentityStreamId,
  UnauthorizedError,
  userDecider,
  userStreamId,
  type ClaimEmail,
  type CommandMetadata,
  type EmailRegistryEvent,
  type UserState,
} from '@app/domain';
import { commandMetadata, handle, loadState, sha256, type EventStore, type HandleResult } from '@app/platform';
import type { AuthContext } from './deps';

export type RegisteredUser = Extract<UserState, { status: 'registered' }>;

/**
 * A claim whose user does not hold the email (a crash between the claim and the user's own
 * append, or before the old email was released) is stale once it is older than this. The grace
 * period keeps a registration that is in flight between its two appends from being robbed.
 */
export const STALE_CLAIM_MS = 60_000;

export const emailStream = (email: string) => emailStreamId(sha256(email.trim().toLowerCase()));
export const googleIdentityStream = (googleId: string) => googleIdentityStreamId(sha256(googleId));

export function metadataFor(ctx: AuthContext, userId?: string): CommandMetadata {
  return commandMetadata({ userId, correlationId: ctx.correlationId, now: ctx.now() });
}

/** The context of one request: the commands issued and the lines logged through it carry the request's correlation id. */
export function forRequest(ctx: AuthContext, req: { correlationId?: string }): AuthContext {
  const { correlationId } = req;
  return correlationId ? { ...ctx, correlationId, logger: ctx.logger.child({ correlationId }) } : ctx;
}

export async function loadUser(store: EventStore, userId: string): Promise<RegisteredUser | null> {
  const { state } = await loadState(store, userStreamId(userId), userDecider);
  return state.status === 'registered' ? state : null;
}

/** The signed-in user, or 401 when the token names a user that does not exist (any more). */
export async function requireUser(store: EventStore, userId: string): Promise<RegisteredUser> {
  const user = await loadUser(store, userId);
  if (!user) throw new UnauthorizedError('User not found');
  return user;
}

/** The user that holds this (lower-cased) email right now, or null. */
export async function findUserByEmail(store: EventStore, email: string): Promise<RegisteredUser | null> {
  const { state } = await loadState(store, emailStream(email), emailRegistryDecider);
  if (!state.owner) return null;
  const user = await loadUser(store, state.owner);
  return user && user.email === email ? user : null;
}

/**
 * Claims an email for a user on its registry stream (race-free through the expected revision).
 * A stale claim (see STALE_CLAIM_MS) is released first and the claim tried once more.
 */
export async function claimEmail(ctx: AuthContext, email: string, userId: string): Promise<HandleResult<EmailRegistryEvent>> {
  const streamId = emailStream(email);
  const claim: ClaimEmail = { type: 'ClaimEmail', data: { email, userId }, metadata: metadataFor(ctx, userId) };
  try {
    return await handle(ctx.eventStore, streamId, emailRegistryDecider, claim);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const staleOwner = await findStaleOwner(ctx, streamId, email);
    if (!staleOwner) throw error;
    ctx.logger.warn({ category: 'auth', staleOwner }, 'Releasing a stale email claim');
    await releaseEmail(ctx, email, staleOwner);
    return handle(ctx.eventStore, streamId, emailRegistryDecider, { ...claim, metadata: metadataFor(ctx, userId) });
  }
}

export function releaseEmail(ctx: AuthContext, email: string, userId: string): Promise<HandleResult<EmailRegistryEvent>> {
  return handle(ctx.eventStore, emailStream(email), emailRegistryDecider, { type: 'ReleaseEmail', data: { email, userId }, metadata: metadataFor(ctx, userId) });
}

async function findStaleOwner(ctx: AuthContext, streamId: string, email: string): Promise<string | null> {
  const recorded = await ctx.eventStore.readStream(streamId);
  const last = recorded[recorded.length - 1];
  if (!last || last.type !== 'EmailClaimed') return null;
  const owner = (last.data as { userId: string }).userId;
  const claimedAt = Date.parse((last.data as { at: string }).at);
  if (!(ctx.now().getTime() - claimedAt > STALE_CLAIM_MS)) return null;
  const user = await loadUser(ctx.eventStore, owner);
  return user && user.email === email ? null : owner;
}

export interface NewAccount {
  name: string;
  email: string;
  passwordHash: string | null;
  googleId: string | null;
  fpr: string | null;
}

/** Claim the email, then register the user on a fresh stream; the claim is undone if that fails. */
export async function registerAccount(ctx: AuthContext, account: NewAccount): Promise<{ userId: string; position: number }> {
  const userId = randomUUID();
  await claimEmail(ctx, account.email, userId);
  try {
    const result = await handle(ctx.eventStore, userStreamId(userId), userDecider, {
      type: 'RegisterUser',
      data: { userId, ...account },
      metadata: metadataFor(ctx, userId),
    });
    return { userId, position: result.position };
  } catch (error) {
    await releaseEmail(ctx, account.email, userId).catch((releaseError: unknown) =>
      ctx.logger.error({ category: 'auth', err: releaseError }, 'Could not release the claim of a failed registration'),
    );
    throw error;
  }
}
