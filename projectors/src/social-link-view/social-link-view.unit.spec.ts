import { COLLECTIONS } from '@app/domain';
import { anAccountLinked, anAccountUnlinked, AT } from '../testing/events';
import { projectionSpec } from '../testing/projection-spec';
import { socialLinkViewProjection } from './social-link-view';

const spec = projectionSpec(socialLinkViewProjection);
const C = COLLECTIONS.socialLinks;
const account = { accountId: 'acct-tiktok', name: 'Ada', username: 'ada', profileUrl: null, channelUrl: null };

describe('The social-link read model', () => {
  describe('When an account is linked', () => {
    it('should say who is linked, and never hold the tokens', async () => {
      await spec.given([]).when(anAccountLinked()).then(C, 'u1:tiktok', { _id: 'u1:tiktok', userId: 'u1', platform: 'tiktok', connected: true, account, linkedAt: AT });
    });
  });

  describe('Given a linked account', () => {
    it('should show it disconnected once unlinked', async () => {
      await spec.given([anAccountLinked()]).when(anAccountUnlinked()).then(C, 'u1:tiktok', { _id: 'u1:tiktok', userId: 'u1', platform: 'tiktok', connected: false, account: null, linkedAt: null });
    });
    it('should keep one document per user and platform', async () => {
      await spec.given([anAccountLinked('tiktok')]).when(anAccountLinked('youtube')).then(C, 'u1:tiktok', expect.objectContaining({ connected: true }));
    });
    it('should change nothing on a replay', async () => {
      await spec.given([anAccountLinked()]).when(anAccountUnlinked()).thenReplayChangesNothing(C, 'u1:tiktok');
    });
  });
});
