import { ValidationError, assertNever, type Decider } from '../shared';
import type { SocialLinkCommand } from './commands';
import type { SocialLinkEvent } from './events';
import { evolveSocialLink, initialSocialLinkState, type SocialLinkState } from './state';

export const SOCIAL_MESSAGES = { notConnected: 'Account is not connected' } as const;

export function decideSocialLink(command: SocialLinkCommand, state: SocialLinkState): SocialLinkEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'LinkAccount':
      // Linking again (Change Channel/Account) replaces the previous account.
      return [{ type: 'AccountLinked', data: { ...command.data, at } }];
    case 'RefreshTokens':
      if (!state.connected) throw new ValidationError(SOCIAL_MESSAGES.notConnected);
      return [{ type: 'TokensRefreshed', data: { userId: state.userId, platform: state.platform, ...command.data, at } }];
    case 'UnlinkAccount':
      if (!state.connected) return [];
      return [{ type: 'AccountUnlinked', data: { userId: state.userId, platform: state.platform, at } }];
    default:
      return assertNever(command);
  }
}

export const socialLinkDecider: Decider<SocialLinkCommand, SocialLinkEvent, SocialLinkState> = {
  decide: decideSocialLink,
  evolve: evolveSocialLink,
  initialState: initialSocialLinkState,
};
