import { assertNever } from '../shared';
import type { Platform } from '../series/events';
import type { LinkedAccount, SocialLinkEvent } from './events';

export type SocialLinkState =
  | { connected: false; userId: string | null; platform: Platform | null }
  | { connected: true; userId: string; platform: Platform; account: LinkedAccount; encryptedTokens: string; expiresAt: string | null };

export const initialSocialLinkState = (): SocialLinkState => ({ connected: false, userId: null, platform: null });

export function evolveSocialLink(state: SocialLinkState, event: SocialLinkEvent): SocialLinkState {
  switch (event.type) {
    case 'AccountLinked':
      return { connected: true, userId: event.data.userId, platform: event.data.platform, account: event.data.account, encryptedTokens: event.data.encryptedTokens, expiresAt: event.data.expiresAt };
    case 'TokensRefreshed':
      return state.connected ? { ...state, encryptedTokens: event.data.encryptedTokens, expiresAt: event.data.expiresAt } : state;
    case 'AccountUnlinked':
      return { connected: false, userId: event.data.userId, platform: event.data.platform };
    default:
      return assertNever(event);
  }
}
