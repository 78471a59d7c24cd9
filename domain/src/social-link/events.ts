import type { Event } from '../shared';
import type { Platform } from '../series/events';

export interface LinkedAccount {
  /** Channel id (YouTube), open id (TikTok) or user id (Instagram). */
  accountId: string;
  name: string | null;
  username: string | null;
  profileUrl: string | null;
  channelUrl: string | null;
}

/** Tokens travel and rest only as ciphertext (platform's token cipher); the domain never sees them in clear. */
export type AccountLinked = Event<'AccountLinked', {
  userId: string;
  platform: Platform;
  account: LinkedAccount;
  encryptedTokens: string;
  expiresAt: string | null;
  at: string;
}>;
export type TokensRefreshed = Event<'TokensRefreshed', { userId: string; platform: Platform; encryptedTokens: string; expiresAt: string | null; at: string }>;
export type AccountUnlinked = Event<'AccountUnlinked', { userId: string; platform: Platform; at: string }>;

export type SocialLinkEvent = AccountLinked | TokensRefreshed | AccountUnlinked;
