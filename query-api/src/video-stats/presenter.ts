import { COLLECTIONS, effectivePlan, findPlan, initialSubscriptionState, monthOf, type SubscriptionState, type SubscriptionViewDoc, type VideoStats } from '@app/domain';
import type { DocumentStore } from '@app/platform';

/** monthlyCount, total and planLimit from the subscription view, as of `now`. */
export function presentVideoStats(state: SubscriptionState, now: Date): VideoStats {
  const iso = now.toISOString();
  const plan = findPlan(effectivePlan(state, iso));
  // Free counts its single creation over all time; paid plans per calendar month.
  const monthlyCount = plan.id === 'FREE' ? state.totalVideos : state.monthlyUsage[monthOf(iso)] ?? 0;
  return { monthlyCount, total: state.totalVideos, planLimit: plan.monthlyVideoLimit };
}

/** A user's subscription state as projected (the initial state when there is none). */
export async function subscriptionStateOf(docs: DocumentStore, userId: string): Promise<SubscriptionState> {
  const doc = await docs.collection<SubscriptionViewDoc>(COLLECTIONS.subscriptionView).get(userId);
  if (!doc) return initialSubscriptionState();
  const { _id, _position, ...state } = doc;
  void _id;
  void _position;
  return state as SubscriptionState;
}
