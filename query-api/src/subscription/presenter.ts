import { effectivePlan, type SubscriptionState, type SubscriptionView } from '@app/domain';

/** null for a free user (no subscription ever, or one that has ended). */
export function presentSubscription(state: SubscriptionState, now: Date): SubscriptionView | null {
  if (state.status === 'none' || state.plan === null) return null;
  const plan = effectivePlan(state, now.toISOString());
  if (plan === 'FREE' && state.status === 'canceled') return null;
  return {
    plan: state.plan,
    status: state.cancelAtPeriodEnd && state.status === 'active' ? 'canceling' : state.status,
    currentPeriodEnd: state.currentPeriodEnd,
    period: state.period ?? undefined,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    pendingPlan: state.pendingPlan,
  };
}
