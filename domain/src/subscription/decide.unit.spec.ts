import { ConflictError, ValidationError } from '../shared';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import { EntitlementRefused, subscriptionDecider, ENTITLEMENT_MESSAGES } from './decide';
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
      spec.given([creditUsed('v1'), ended('v1')]).when(use('v2')).thenThrows(EntitlementRefused, ENTITLEMENT_MESSAGES.freeUsed);
    });
  });

  describe('When a video is still processing', () => {
    it('should refuse another video with the spec message', () => {
      spec.given([activated(), creditUsed('v1')]).when(use('v2')).thenThrows(EntitlementRefused, 'Video is still processing');
    });
    it('should treat a retry for the same video as done', () => {
      spec.given([activated(), creditUsed('v1')]).when(use('v1')).thenNothingHappens();
    });
    it('should allow the next video once processing ended', () => {
      spec.given([activated(), creditUsed('v1'), ended('v1')]).when(use('v2')).then([creditUsed('v2')]);
    });
  });

  describe('When a finished video is rendered again (a re-render from the studio)', () => {
    const hold = (videoId: string) => ({ type: 'HoldRenderSlot' as const, data: { userId: 'u1', videoId }, metadata: meta() });
    const held = (videoId: string): SubscriptionEvent => ({ type: 'RenderSlotHeld', data: { userId: 'u1', videoId, at: NOW } });

    it('should hold the one render slot without using a video of the month, even on Free with its video used', () => {
      spec.given([creditUsed('v1'), ended('v1')]).when(hold('v1')).then([held('v1')]);
      const state = [creditUsed('v1'), ended('v1'), held('v1')].reduce(evolveSubscription, initialSubscriptionState());
      expect([state.totalVideos, state.monthlyUsage]).toEqual([1, { '2026-11': 1 }]);
    });
    it('should refuse it while another video renders, with the spec message', () => {
      spec.given([activated(), creditUsed('v1'), ended('v1'), creditUsed('v2')]).when(hold('v1')).thenThrows(EntitlementRefused, 'Video is still processing');
    });
    it('should refuse a new video while a re-render holds the slot', () => {
      spec.given([activated(), creditUsed('v1'), ended('v1'), held('v1')]).when(use('v2')).thenThrows(EntitlementRefused, 'Video is still processing');
    });
    it('should treat a repeated hold for the same video as done', () => {
      spec.given([activated(), creditUsed('v1'), ended('v1'), held('v1')]).when(hold('v1')).thenNothingHappens();
    });
    it('should free the slot when the re-render ends, and not for the end of another video', () => {
      const afterAnother = [activated(), creditUsed('v1'), ended('v1'), held('v1'), ended('v2')].reduce(evolveSubscription, initialSubscriptionState());
      expect(afterAnother.processingVideoId).toBe('v1');
      spec.given([activated(), creditUsed('v1'), ended('v1'), held('v1'), ended('v1')]).when(use('v2')).then([creditUsed('v2')]);
    });
  });

  describe('When a paid plan reached its monthly limit', () => {
    const fifteen = Array.from({ length: 15 }, (_, i) => [creditUsed(`v${i}`), ended(`v${i}`)]).flat();
    it('should refuse with the spec message', () => {
      spec.given([activated('STARTER'), ...fifteen]).when(use('v99')).thenThrows(EntitlementRefused, 'Monthly video limit reached');
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
      spec.given([allotted('s1')]).when(allot('s2')).thenThrows(EntitlementRefused, ENTITLEMENT_MESSAGES.seriesLimit);
    });
    it('should give Starter three series and Daily ten', () => {
      spec.given([activated('STARTER'), allotted('a'), allotted('b'), allotted('c')]).when(allot('d')).thenThrows(EntitlementRefused, ENTITLEMENT_MESSAGES.seriesLimit);
      const nine = 'abcdefghi'.split('').map(allotted);
      spec.given([activated('DAILY'), ...nine]).when(allot('j')).then([allotted('j')]);
      spec.given([activated('DAILY'), ...nine, allotted('j')]).when(allot('k')).thenThrows(EntitlementRefused, ENTITLEMENT_MESSAGES.seriesLimit);
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

describe('Subscription decider: billing lifecycle', () => {
  const T1 = '2026-11-22T10:00:00.000Z';
  const T2 = '2026-11-23T10:00:00.000Z';
  const T3 = '2026-11-24T10:00:00.000Z';
  const NEXT = '2027-01-22T10:00:00.000Z';
  const activatedAt = (occurredAt: string, subscriptionId = 'sub_1'): SubscriptionEvent => ({
    type: 'SubscriptionActivated',
    data: { userId: 'u1', plan: 'STARTER', period: 'monthly', currentPeriodEnd: END, customerId: 'cus_1', subscriptionId, at: NOW, occurredAt },
  });
  const failedAt = (occurredAt: string): SubscriptionEvent => ({ type: 'PaymentFailed', data: { userId: 'u1', at: NOW, occurredAt } });
  const renewedTo = (currentPeriodEnd: string, occurredAt: string): SubscriptionEvent => ({ type: 'SubscriptionRenewed', data: { userId: 'u1', currentPeriodEnd, at: NOW, occurredAt } });
  const renew = (currentPeriodEnd: string, occurredAt: string, subscriptionId = 'sub_1') => ({ type: 'RenewSubscription' as const, data: { currentPeriodEnd, occurredAt, subscriptionId }, metadata: meta() });
  const fail = (occurredAt: string, subscriptionId = 'sub_1') => ({ type: 'RecordPaymentFailure' as const, data: { occurredAt, subscriptionId }, metadata: meta() });
  const end = (subscriptionId = 'sub_1') => ({ type: 'EndSubscription' as const, data: { subscriptionId, occurredAt: T3 }, metadata: meta() });
  const fold = (events: SubscriptionEvent[]) => events.reduce(evolveSubscription, initialSubscriptionState());

  describe('When the provider repeats the start of a known subscription', () => {
    it('should record nothing, even with another plan in a late copy', () => {
      const activate = { type: 'ActivateSubscription' as const, data: { userId: 'u1', plan: 'DAILY' as const, period: 'monthly' as const, currentPeriodEnd: END, customerId: 'cus_1', subscriptionId: 'sub_1', occurredAt: T1 }, metadata: meta() };
      spec.given([activatedAt(T2)]).when(activate).thenNothingHappens();
    });
    it('should ignore a start older than the latest applied fact', () => {
      const late = { type: 'ActivateSubscription' as const, data: { userId: 'u1', plan: 'DAILY' as const, period: 'monthly' as const, currentPeriodEnd: END, customerId: 'cus_1', subscriptionId: 'sub_old', occurredAt: T1 }, metadata: meta() };
      spec.given([activatedAt(T2, 'sub_2')]).when(late).thenNothingHappens();
    });
  });

  describe('When a payment fails', () => {
    it('should mark the subscription past due but keep the paid plan until the period end', () => {
      spec.given([activatedAt(T1)]).when(fail(T2)).then([failedAt(T2)]);
      const state = fold([activatedAt(T1), failedAt(T2)]);
      expect(state.status).toBe('past_due');
      expect(effectivePlan(state, T3)).toBe('STARTER');
      expect(effectivePlan(state, NEXT)).toBe('FREE');
    });
    it('should ignore a failure older than a later payment (out of order)', () => {
      spec.given([activatedAt(T1), renewedTo(NEXT, T3)]).when(fail(T2)).thenNothingHappens();
    });
    it('should ignore a failure of another subscription', () => {
      spec.given([activatedAt(T1)]).when(fail(T2, 'sub_other')).thenNothingHappens();
    });
  });

  describe('When a past-due subscription is paid', () => {
    it('should recover for the same cycle', () => {
      spec.given([activatedAt(T1), failedAt(T2)]).when(renew(END, T3)).then([renewedTo(END, T3)]);
      expect(fold([activatedAt(T1), failedAt(T2), renewedTo(END, T3)]).status).toBe('active');
    });
    it('should not recover from a payment older than the failure', () => {
      spec.given([activatedAt(T1), failedAt(T3)]).when(renew(END, T2)).thenNothingHappens();
    });
    it('should never move the period back', () => {
      spec.given([activatedAt(T1), failedAt(T2)]).when(renew('2026-12-01T00:00:00.000Z', T3)).thenNothingHappens();
    });
    it('should keep a scheduled plan change for the next cycle', () => {
      const scheduled: SubscriptionEvent = { type: 'PlanChangeScheduled', data: { userId: 'u1', plan: 'DAILY', effectiveAt: END, at: NOW } };
      const recovered = fold([activatedAt(T1), scheduled, failedAt(T2), renewedTo(END, T3)]);
      expect(recovered.plan).toBe('STARTER');
      expect(recovered.pendingPlan).toBe('DAILY');
      expect(evolveSubscription(recovered, renewedTo(NEXT, NEXT)).plan).toBe('DAILY');
    });
  });

  describe('When the subscription renews', () => {
    it('should move the period forward even when delivered late', () => {
      spec.given([activatedAt(T2)]).when(renew(NEXT, T1)).then([renewedTo(NEXT, T1)]);
    });
    it('should ignore a renewal of another subscription', () => {
      spec.given([activatedAt(T1)]).when(renew(NEXT, T2, 'sub_other')).thenNothingHappens();
    });
  });

  describe('When a scheduled cancellation is withdrawn at the provider', () => {
    const cancelledAt = (occurredAt?: string): SubscriptionEvent => ({ type: 'CancellationScheduled', data: { userId: 'u1', endsAt: END, at: NOW, ...(occurredAt ? { occurredAt } : {}) } });
    const resume = (occurredAt: string, subscriptionId = 'sub_1') => ({ type: 'ResumeSubscription' as const, data: { occurredAt, subscriptionId }, metadata: meta() });
    it('should resume the subscription, so it renews instead of ending', () => {
      spec.given([activatedAt(T1), cancelledAt(T2)]).when(resume(T3)).then([{ type: 'SubscriptionResumed', data: { userId: 'u1', at: NOW, occurredAt: T3 } }]);
      const state = fold([activatedAt(T1), cancelledAt(T2), { type: 'SubscriptionResumed', data: { userId: 'u1', at: NOW, occurredAt: T3 } }]);
      expect(state).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, cancelledAsOf: null });
    });
    it('should ignore a late fact from before a cancellation made here', () => {
      // Cancelled through our API at NOW (no provider time); the provider's fact predates it.
      spec.given([activatedAt('2026-11-20T10:00:00.000Z'), cancelledAt()]).when(resume('2026-11-21T10:00:00.000Z')).thenNothingHappens();
    });
    it('should ignore a late fact from before a cancellation made at the provider', () => {
      spec.given([activatedAt(T1), cancelledAt(T3)]).when(resume(T2)).thenNothingHappens();
    });
    it('should do nothing when nothing is being cancelled, or for another subscription', () => {
      spec.given([activatedAt(T1)]).when(resume(T3)).thenNothingHappens();
      spec.given([activatedAt(T1), cancelledAt(T2)]).when(resume(T3, 'sub_other')).thenNothingHappens();
    });
    it('should not bring back an ended subscription', () => {
      spec.given([activatedAt(T1), cancelledAt(T2), { type: 'SubscriptionEnded', data: { userId: 'u1', at: NOW, occurredAt: T2 } }]).when(resume(T3)).thenNothingHappens();
    });
  });

  describe('When the cancellation reaches the period end', () => {
    const cancelled: SubscriptionEvent = { type: 'CancellationScheduled', data: { userId: 'u1', endsAt: END, at: NOW } };
    it('should end the subscription, once', () => {
      spec.given([activatedAt(T1), cancelled]).when(end()).then([{ type: 'SubscriptionEnded', data: { userId: 'u1', at: NOW, occurredAt: T3 } }]);
      spec.given([activatedAt(T1), cancelled, { type: 'SubscriptionEnded', data: { userId: 'u1', at: NOW } }]).when(end()).thenNothingHappens();
    });
    it('should not end the current subscription for a late end of an older one', () => {
      spec.given([activatedAt(T1, 'sub_2')]).when(end('sub_1')).thenNothingHappens();
    });
    it('should not renew an ended subscription', () => {
      spec.given([activatedAt(T1), { type: 'SubscriptionEnded', data: { userId: 'u1', at: NOW } }]).when(renew(NEXT, T3)).thenNothingHappens();
    });
    it('should let the user subscribe again', () => {
      const again = { type: 'ActivateSubscription' as const, data: { userId: 'u1', plan: 'DAILY' as const, period: 'annual' as const, currentPeriodEnd: NEXT, customerId: 'cus_1', subscriptionId: 'sub_2' }, metadata: meta() };
      spec.given([activatedAt(T1), { type: 'SubscriptionEnded', data: { userId: 'u1', at: NOW } }]).when(again)
        .then([{ type: 'SubscriptionActivated', data: { ...again.data, at: NOW } }]);
    });
  });
});
