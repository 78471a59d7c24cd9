import { evolveSubscription, initialSubscriptionState, ROUTES, type SubscriptionEvent, type SubscriptionState } from '@app/domain';
import { presentVideoStats } from './presenter';

const AT = '2026-11-10T10:00:00.000Z';
const fold = (events: Array<{ type: string; data: Record<string, unknown> }>): SubscriptionState =>
  events.reduce((s, e) => evolveSubscription(s, e as SubscriptionEvent), initialSubscriptionState());
const credit = (videoId: string, month = '2026-11') => ({ type: 'VideoCreditUsed', data: { userId: 'u1', videoId, month, at: AT } });
const activated = { type: 'SubscriptionActivated', data: { userId: 'u1', plan: 'STARTER', period: 'monthly', customerId: 'c', subscriptionId: 's', currentPeriodEnd: '2026-12-01T00:00:00.000Z', at: '2026-10-01T00:00:00.000Z' } };

describe('The video counter (videos left = planLimit - monthlyCount)', () => {
  it('should count the Free plan\'s single video over all time', () => {
    expect(presentVideoStats(fold([credit('v1', '2026-10')]), new Date(AT))).toEqual({ monthlyCount: 1, total: 1, planLimit: 1 });
  });
  it("should count a subscriber's videos of this month only, against the plan's limit", () => {
    const stats = presentVideoStats(fold([activated, credit('v1', '2026-10'), credit('v2'), credit('v3')]), new Date(AT));
    expect(stats).toEqual({ monthlyCount: 2, total: 3, planLimit: 15 });
    expect(ROUTES.videoStats.answer.safeParse(stats).success).toBe(true);
  });
});
