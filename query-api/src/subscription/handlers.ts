import { Router } from 'express';
import { effectivePlan, type SubscriptionState, type SubscriptionView } from '@app/domain';
import { authenticate, currentUserId, type DocumentStore, type SessionTokens } from '@app/platform';
import { subscriptionStateOf } from '../video-stats/routes';

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

export function createSubscriptionRouter({ docs, tokens, now = () => new Date() }: { docs: DocumentStore; tokens: SessionTokens; now?: () => Date }): Router {
  const router = Router();
  router.get('/billing/subscription', authenticate(tokens), async (req, res) => {
    res.json({ subscription: presentSubscription(await subscriptionStateOf(docs, currentUserId(req)), now()) });
  });
  return router;
}
