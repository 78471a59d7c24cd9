import { COLLECTIONS, initialSubscriptionState } from '@app/domain';
import { AT } from '../testing/events';
import { projectionSpec } from '../testing/projection-spec';
import { subscriptionViewProjection } from './subscription-view';

const spec = projectionSpec(subscriptionViewProjection);
const C = COLLECTIONS.subscriptionView;
const activated = { type: 'SubscriptionActivated', data: { userId: 'u1', plan: 'DAILY', period: 'monthly', customerId: 'cus_1', subscriptionId: 'sub_1', currentPeriodEnd: '2026-12-01T10:00:00.000Z', at: AT } };
const credit = (videoId: string) => ({ type: 'VideoCreditUsed', data: { userId: 'u1', videoId, month: '2026-11', at: AT } });

describe('The subscription read model', () => {
  describe('When a user subscribes', () => {
    it("should hold the subscription's state as the domain folds it", async () => {
      await spec.given([]).when(activated).then(C, 'u1', expect.objectContaining({ _id: 'u1', status: 'active', plan: 'DAILY', currentPeriodEnd: '2026-12-01T10:00:00.000Z' }));
    });
  });

  describe('Given a subscriber', () => {
    it('should count the videos of the month and the one processing', async () => {
      await spec.given([activated, credit('v1'), { type: 'VideoProcessingEnded', data: { userId: 'u1', videoId: 'v1', at: AT } }]).when(credit('v2'))
        .then(C, 'u1', expect.objectContaining({ monthlyUsage: { '2026-11': 2 }, totalVideos: 2, processingVideoId: 'v2' }));
    });
    it('should change nothing on a replay', async () => {
      await spec.given([activated]).when(credit('v1')).thenReplayChangesNothing(C, 'u1');
    });
  });

  it('should start from the initial state', () => {
    expect(initialSubscriptionState()).toMatchObject({ status: 'none', plan: null });
  });
});
