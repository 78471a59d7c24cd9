import { Router } from 'express';
import { COLLECTIONS, effectivePlan, findPlan, initialSubscriptionState, monthOf, type SubscriptionState, type SubscriptionViewDoc, type VideoStats } from '@app/domain';
import { authenticate, currentUserId, type DocumentStore, type SessionTokens } from '@app/platform';

/** monthlyCount, total and planLimit from the subscription view, as of `now`. */
export function presentVideoStats(state: SubscriptionState, now: Date): VideoStats {
  const iso = now.toISOString();
  const plan = findPlan(effectivePlan(state, iso));
  // Free counts its single creation over all time; paid plans per calendar month.
  const monthlyCount = plan.id === 'FREE' ? state.totalVideos : state.monthlyUsage[monthOf(iso)] ?? 0;
  return { monthlyCount, total: state.totalVideos, planLimit: plan.monthlyVideoLimit };
}

export async function subscriptionStateOf(docs: DocumentStore, userId: string): Promise<SubscriptionState> {
  const doc = await docs.collection<SubscriptionViewDoc>(COLLECTIONS.subscriptionView).get(userId);
  if (!doc) return initialSubscriptionState();
  const { _id, _position, ...state } = doc;
  void _id;
  void _position;
  return state as SubscriptionState;
}

export function createVideoStatsRouter({ docs, tokens, now = () => new Date() }: { docs: DocumentStore; tokens: SessionTokens; now?: () => Date }): Router {
  const router = Router();
  router.get('/video/stats', authenticate(tokens), async (req, res) => {
    res.json(presentVideoStats(await subscriptionStateOf(docs, currentUserId(req)), now()));
  });
  return router;
}
