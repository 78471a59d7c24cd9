import { assertNever } from '../shared';
import type { BillingPeriod, PaidPlanId, PlanId } from '../catalog/plans';
import type { SubscriptionEvent } from './events';

export type SubscriptionStatus = 'none' | 'active' | 'past_due' | 'canceled';

export interface SubscriptionState {
  userId: string | null;
  status: SubscriptionStatus;
  plan: PaidPlanId | null;
  period: BillingPeriod | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  pendingPlan: PaidPlanId | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** Videos created per calendar month (UTC, 'YYYY-MM'). */
  monthlyUsage: Record<string, number>;
  totalVideos: number;
  /** The video currently rendering, if any: only one at a time. */
  processingVideoId: string | null;
  seriesIds: string[];
  /** The latest billing-provider event time applied (ISO); older provider events are stale. */
  billingAsOf: string | null;
  /** When the pending cancellation was made (the provider's time, or ours for one made here). */
  cancelledAsOf: string | null;
}

export const initialSubscriptionState = (): SubscriptionState => ({
  userId: null,
  status: 'none',
  plan: null,
  period: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  pendingPlan: null,
  customerId: null,
  subscriptionId: null,
  monthlyUsage: {},
  totalVideos: 0,
  processingVideoId: null,
  seriesIds: [],
  billingAsOf: null,
  cancelledAsOf: null,
});

/** The later of two ISO instants (null-tolerant). */
const later = (a: string | null, b: string | undefined): string | null => (b === undefined || (a !== null && Date.parse(a) >= Date.parse(b)) ? a : b);

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  const d = event.data;
  const withUser = {
    ...state,
    userId: state.userId ?? d.userId,
    billingAsOf: later(state.billingAsOf ?? null, 'occurredAt' in d ? d.occurredAt : undefined),
  };
  switch (event.type) {
    case 'SubscriptionActivated':
      return {
        ...withUser,
        status: 'active',
        plan: event.data.plan,
        period: event.data.period,
        currentPeriodEnd: event.data.currentPeriodEnd,
        cancelAtPeriodEnd: false,
        cancelledAsOf: null,
        pendingPlan: null,
        customerId: event.data.customerId,
        subscriptionId: event.data.subscriptionId,
      };
    case 'SubscriptionRenewed': {
      // A scheduled plan change takes effect when a new cycle starts; a past-due payment settled
      // for the same cycle (recovery) leaves it pending.
      const newCycle = !state.currentPeriodEnd || Date.parse(event.data.currentPeriodEnd) > Date.parse(state.currentPeriodEnd);
      return {
        ...withUser,
        status: 'active',
        currentPeriodEnd: event.data.currentPeriodEnd,
        plan: newCycle ? (state.pendingPlan ?? state.plan) : state.plan,
        pendingPlan: newCycle ? null : state.pendingPlan,
      };
    }
    case 'PlanChangeScheduled':
      return { ...withUser, pendingPlan: event.data.plan };
    case 'PlanChanged':
      return { ...withUser, plan: event.data.plan, pendingPlan: null };
    case 'PaymentFailed':
      return { ...withUser, status: 'past_due' };
    case 'CancellationScheduled':
      return { ...withUser, cancelAtPeriodEnd: true, cancelledAsOf: event.data.occurredAt ?? event.data.at, currentPeriodEnd: event.data.endsAt, pendingPlan: null };
    case 'SubscriptionResumed':
      return { ...withUser, cancelAtPeriodEnd: false, cancelledAsOf: null };
    case 'SubscriptionEnded':
      return { ...withUser, status: 'canceled', cancelAtPeriodEnd: false, cancelledAsOf: null, pendingPlan: null };
    case 'VideoCreditUsed':
      return {
        ...withUser,
        monthlyUsage: { ...state.monthlyUsage, [event.data.month]: (state.monthlyUsage[event.data.month] ?? 0) + 1 },
        totalVideos: state.totalVideos + 1,
        processingVideoId: event.data.videoId,
      };
    case 'RenderSlotHeld':
      return { ...withUser, processingVideoId: event.data.videoId };
    case 'VideoProcessingEnded':
      return state.processingVideoId === event.data.videoId ? { ...withUser, processingVideoId: null } : withUser;
    case 'SeriesAllotted':
      return { ...withUser, seriesIds: [...state.seriesIds, event.data.seriesId] };
    case 'SeriesReleased':
      return { ...withUser, seriesIds: state.seriesIds.filter((id) => id !== event.data.seriesId) };
    default:
      return assertNever(event);
  }
}

/** 'YYYY-MM' of an ISO instant, in UTC. */
export const monthOf = (iso: string) => iso.slice(0, 7);

/**
 * The plan in force at `now`: a paid plan while the subscription is active (or cancelled but
 * not yet at its period end); Free otherwise. A past-due subscription keeps its plan until the
 * period it paid for ends.
 */
export function effectivePlan(state: SubscriptionState, now: string): PlanId {
  if (state.plan === null || state.status === 'none' || state.status === 'canceled') return 'FREE';
  if (state.currentPeriodEnd && Date.parse(state.currentPeriodEnd) <= Date.parse(now)) return 'FREE';
  return state.plan;
}
