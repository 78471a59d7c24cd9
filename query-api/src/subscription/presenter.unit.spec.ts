import { evolveSubscription, initialSubscriptionState, ROUTES, type SubscriptionEvent, type SubscriptionState } from '@app/domain';
import { presentSubscription } from './presenter';

const fold = (events: Array<{ type: string; data: Record<string, unknown> }>): SubscriptionState =>
  events.reduce((s, e) => evolveSubscription(s, e as SubscriptionEvent), initialSubscriptionState());
const activated = { type: 'SubscriptionActivated', data: { userId: 'u1', plan: 'DAILY', period: 'annual', customerId: 'c', subscriptionId: 's', currentPeriodEnd: '2027-11-01T00:00:00.000Z', at: '2026-11-01T00:00:00.000Z' } };
const NOW = new Date('2026-11-10T00:00:00.000Z');

describe('The Billing page\'s current plan', () => {
  it('should be null for a free user', () => {
    expect(presentSubscription(initialSubscriptionState(), NOW)).toBeNull();
  });
  it("should show a subscriber's plan, status and renewal date", () => {
    const answer = presentSubscription(fold([activated]), NOW);
    expect(answer).toEqual({ plan: 'DAILY', status: 'active', currentPeriodEnd: '2027-11-01T00:00:00.000Z', period: 'annual', cancelAtPeriodEnd: false, pendingPlan: null });
    expect(ROUTES.subscription.answer.safeParse({ subscription: answer }).success).toBe(true);
  });
  it("should say 'canceling' while a cancelled subscription runs to its period's end", () => {
    const cancelled = { type: 'CancellationScheduled', data: { userId: 'u1', at: '2026-11-05T00:00:00.000Z' } };
    expect(presentSubscription(fold([activated, cancelled]), NOW)).toMatchObject({ status: 'canceling', cancelAtPeriodEnd: true });
  });
});
