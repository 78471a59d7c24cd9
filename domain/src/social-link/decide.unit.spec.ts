import { ValidationError } from '../shared';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import { socialLinkDecider } from './decide';
import type { AccountLinked } from './events';

const spec = deciderSpec(socialLinkDecider);
const account = { accountId: 'UC1', name: 'My channel', username: null, profileUrl: null, channelUrl: null };
const linked: AccountLinked = { type: 'AccountLinked', data: { userId: 'u1', platform: 'youtube', account, encryptedTokens: 'cipher', expiresAt: null, at: NOW } };

describe('Social link decider', () => {
  it('should link an account', () => {
    spec.given([]).when({ type: 'LinkAccount', data: { userId: 'u1', platform: 'youtube', account, encryptedTokens: 'cipher', expiresAt: null }, metadata: meta() }).then([linked]);
  });
  it('should unlink a linked account, and do nothing when not linked', () => {
    spec.given([linked]).when({ type: 'UnlinkAccount', data: {}, metadata: meta() }).then([{ type: 'AccountUnlinked', data: { userId: 'u1', platform: 'youtube', at: NOW } }]);
    spec.given([]).when({ type: 'UnlinkAccount', data: {}, metadata: meta() }).thenNothingHappens();
  });
  it('should refuse refreshing the tokens of an unlinked account', () => {
    spec.given([]).when({ type: 'RefreshTokens', data: { encryptedTokens: 'c2', expiresAt: null }, metadata: meta() }).thenThrows(ValidationError);
  });
});
