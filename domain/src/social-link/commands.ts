import type { Command } from '../shared';
import type { Platform } from '../series/events';
import type { LinkedAccount } from './events';

export type LinkAccount = Command<'LinkAccount', { userId: string; platform: Platform; account: LinkedAccount; encryptedTokens: string; expiresAt: string | null }>;
export type RefreshTokens = Command<'RefreshTokens', { encryptedTokens: string; expiresAt: string | null }>;
export type UnlinkAccount = Command<'UnlinkAccount', Record<string, never>>;

export type SocialLinkCommand = LinkAccount | RefreshTokens | UnlinkAccount;
