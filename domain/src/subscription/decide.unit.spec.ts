import { ConflictError, ForbiddenError, ValidationError } from '../shared';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import { subscriptionDecider, ENTITLEMENT_MESSAGES } from './decide';
import type { SubscriptionEvent } from './events';
import { effectivePlan, evolveSubscription, initialSubscriptionState } from './state';

const spec = deciderSpec(subscriptionDecider);
const END = '2026-12-22T10:00:00.000Z';
const activated = (plan: 'STARTER' | 'DAILY' | 'HARDCORE' = 'STARTER'): SubscriptionEvent => ({
  type: 'SubscriptionActivated',
  data: { userId: 'u1', plan, period: 'monthly', currentPeriodEnd: END, customerId: 'cus_1', subscriptionId: 'sub_1', at: NOW },
});
const creditUsed = (videoId: string, month = '2026-11'): SubscriptionEvent => ({ type: 'VideoCreditUsed', data: { userId: 'u1', videoId, month, at: NOW } });
const ended = (videoId: string): SubscriptionEvent => ({ type: 'VideoProcessingEnded', data: { userId: 'u1', videoId, at: NOW } });
const use = (videoId: string, now = NOW) => ({ type: 'UseVideoCredit' as const, data: { userId: 'u1', videoId }, metadata: meta(now) });

describe('Subscription decider: video entitlements', () => {
  describe('When the user is on the Free plan', () => {
    it('should allow the single video creation', () => {
      spec.given([]).when(use('v1')).then([creditUsed('v1')]);
    });
    it('should refuse a second video, even after the first finished', () => {
      spec.given([creditUsed('v1'), ended('v1')]).when(use('v2')).thenThrows(ForbiddenError, ENTITLEMENT_MESSAGES.freeUsed);
    });
  });

  describe('When a video is still processing', () => {
    it('should refuse another video with the spec message', () => {
      spec.given([activated(), creditUsed('v1')]).when(use('v2')).thenThrows(ConflictError, 'Video is still processing');
    });
    it('should treat a retry for the same video as done', () => {
      spec.given([activated(), creditUsed('v1')]).when(use('v1')).thenNothingHappens();
    });
    it('should allow the next video once processing ended', () => {
      spec.given([activated(), creditUsed('v1'), ended('v1')]).when(use('v2')).then([creditUsed('v2')]);
    });
  });

  describe('When a paid plan reached its monthly limit', () => {
    const fifteen = Array.from({ length: 15 }, (_, i) => [creditUsed(`v${i}`), ended(`v${i}`)]).flat();
    it('should refuse with the spec message', () => {
      spec.given([activated('STARTER'), ...fifteen]).when(use('v99')).thenThrows(ForbiddenError, 'Monthly video limit reached');
    });
    it('should allow videos again in the next month', () => {
      spec.given([activated('STARTER'), ...fifteen]).when(use('v99', '2026-12-01T00:00:00.000Z'))
        .then([{ type: 'VideoCreditUsed', data: { userId: 'u1', videoId: 'v99', month: '2026-12', at: '2026-12-01T00:00:00.000Z' } }]);
    });
    it('should give Daily a higher limit than Starter', () => {
      spec.given([activated('DAILY'), ...fifteen]).when(use('v99')).then([creditUsed('v99')]);
    });
  });

  describe('When the subscription was cancelled', () => {
    const cancelled: SubscriptionEvent = { type: 'CancellationScheduled', data: { userId: 'u1', endsAt: END, at: NOW } };
    it('should schedule the cancellation at the period end', () => {
      spec.given([activated()]).when({ type: 'CancelSubscription', data: {}, metadata: meta() }).then([cancelled]);
    });
    it('should keep access until the period ends', () => {
      spec.given([activated(), cancelled]).when(use('v1', '2026-12-01T00:00:00.000Z'))
        .then([{ type: 'VideoCreditUsed', data: { userId: 'u1', videoId: 'v1', month: '2026-12', at: '2026-12-01T00:00:00.000Z' } }]);
    });
    it('should fall back to Free after the period end', () => {
      const state = [activated(), cancelled].reduce(evolveSubscription, initialSubscriptionState());
      expect(effectivePlan(state, '2026-12-22T10:00:01.000Z')).toBe('FREE');
      expect(effectivePlan(state, '2026-12-22T09:59:59.000Z')).toBe('STARTER');
    });
    it('should refuse cancelling without a subscription', () => {
      spec.given([]).when({ type: 'CancelSubscription', data: {}, metadata: meta() }).thenThrows(ValidationError, ENTITLEMENT_MESSAGES.noSubscription);
    });
  });

  describe('When the plan changes', () => {
    it('should apply the new plan from the next billing cycle', () => {
      spec.given([activated('STARTER')]).when({ type: 'ChangePlan', data: { plan: 'HARDCORE' }, metadata: meta() })
        .then([{ type: 'PlanChangeScheduled', data: { userId: 'u1', plan: 'HARDCORE', effectiveAt: END, at: NOW } }]);
      const scheduled: SubscriptionEvent = { type: 'PlanChangeScheduled', data: { userId: 'u1', plan: 'HARDCORE', effectiveAt: END, at: NOW } };
      const renewed: SubscriptionEvent = { type: 'SubscriptionRenewed', data: { userId: 'u1', currentPeriodEnd: '2027-01-22T10:00:00.000Z', at: END } };
      const before = [activated('STARTER'), scheduled].reduce(evolveSubscription, initialSubscriptionState());
      const after = evolveSubscription(before, renewed);
      expect(effectivePlan(before, NOW)).toBe('STARTER');
      expect(effectivePlan(after, END)).toBe('HARDCORE');
    });
    it('should refuse a change to the current plan', () => {
      spec.given([activated('STARTER')]).when({ type: 'ChangePlan', data: { plan: 'STARTER' }, metadata: meta() }).thenThrows(ConflictError);
    });
  });

  describe('When a payment fails', () => {
    it('should mark the subscription past due, once', () => {
      spec.given([activated()]).when({ type: 'RecordPaymentFailure', data: {}, metadata: meta() }).then([{ type: 'PaymentFailed', data: { userId: 'u1', at: NOW } }]);
      spec.given([activated(), { type: 'PaymentFailed', data: { userId: 'u1', at: NOW } }]).when({ type: 'RecordPaymentFailure', data: {}, metadata: meta() }).thenNothingHappens();
    });
  });

  describe('When renewals arrive out of order', () => {
    it('should ignore a renewal that does not move the period forward', () => {
      spec.given([activated()]).when({ type: 'RenewSubscription', data: { currentPeriodEnd: '2026-12-01T00:00:00.000Z' }, metadata: meta() }).thenNothingHappens();
    });
  });

  describe('When series are allotted', () => {
    const allot = (seriesId: string) => ({ type: 'AllotSeries' as const, data: { userId: 'u1', seriesId }, metadata: meta() });
    const allotted = (seriesId: string): SubscriptionEvent => ({ type: 'SeriesAllotted', data: { userId: 'u1', seriesId, at: NOW } });
    it('should give Free a single series', () => {
      spec.given([]).when(allot('s1')).then([allotted('s1')]);
      spec.given([allotted('s1')]).when(allot('s2')).thenThrows(ForbiddenError, ENTITLEMENT_MESSAGES.seriesLimit);
    });
    it('should give Starter three series and Daily ten', () => {
      spec.given([activated('STARTER'), allotted('a'), allotted('b'), allotted('c')]).when(allot('d')).thenThrows(ForbiddenError);
      const nine = 'abcdefghi'.split('').map(allotted);
      spec.given([activated('DAILY'), ...nine]).when(allot('j')).then([allotted('j')]);
      spec.given([activated('DAILY'), ...nine, allotted('j')]).when(allot('k')).thenThrows(ForbiddenError);
    });
    it('should give Hardcore unlimited series', () => {
      const many = Array.from({ length: 50 }, (_, i) => allotted(`s${i}`));
      spec.given([activated('HARDCORE'), ...many]).when(allot('s50')).then([allotted('s50')]);
    });
    it('should free a slot when a series is released', () => {
      spec.given([allotted('s1'), { type: 'SeriesReleased', data: { userId: 'u1', seriesId: 's1', at: NOW } }]).when(allot('s2')).then([allotted('s2')]);
    });
  });
});
