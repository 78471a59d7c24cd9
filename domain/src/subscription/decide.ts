import { DomainError, ConflictError, ValidationError, assertNever, type Decider } from '../shared';
import { findPlan } from '../catalog/plans';
import type { BillingFact, SubscriptionCommand } from './commands';
import type { SubscriptionEvent } from './events';
import { effectivePlan, evolveSubscription, initialSubscriptionState, monthOf, type SubscriptionState } from './state';

/** Server messages the web app maps to its toasts (spec section 8). */
export const ENTITLEMENT_MESSAGES = {
  monthlyLimit: 'Monthly video limit reached',
  stillProcessing: 'Video is still processing',
  freeUsed: 'Please subscribe to generate more videos',
  seriesLimit: 'Series limit reached for your plan. Please upgrade your plan.',
  noSubscription: 'No active subscription',
  alreadySubscribed: 'You are already subscribed to this plan',
} as const;

/** Why a plan refuses a video or a series. */
export type EntitlementRefusal = 'stillProcessing' | 'monthlyLimit' | 'freeUsed' | 'seriesLimit';

/**
 * A refusal of the plan, with its reason: workflows act on the reason (the self-healing of a
 * processing slot, an autopilot slot skipped) instead of comparing messages. 409 while another
 * video processes, 403 when the plan's limits are reached.
 */
export class EntitlementRefused extends DomainError {
  readonly status: number;
  constructor(readonly reason: EntitlementRefusal) {
    super(ENTITLEMENT_MESSAGES[reason]);
    this.status = reason === 'stillProcessing' ? 409 : 403;
  }
}

export function decideSubscription(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  const at = command.metadata.now;
  const userId = state.userId ?? ('userId' in command.data ? (command.data as { userId: string }).userId : '');
  switch (command.type) {
    case 'ActivateSubscription': {
      const d = command.data;
      if (state.status === 'active' && state.plan === d.plan && state.subscriptionId === d.subscriptionId) return [];
      // The provider repeating (or reordering) the start of a subscription we already know.
      if (d.subscriptionId !== null && d.subscriptionId === state.subscriptionId && state.status !== 'none') return [];
      if (olderThanApplied(state, d.occurredAt)) return [];
      return [{ type: 'SubscriptionActivated', data: { ...d, at } }];
    }
    case 'RenewSubscription': {
      const d = command.data;
      if (state.status === 'none') throw new ValidationError(ENTITLEMENT_MESSAGES.noSubscription);
      if (state.status === 'canceled' || aboutAnotherSubscription(state, d.subscriptionId)) return [];
      const renewed: SubscriptionEvent[] = [{ type: 'SubscriptionRenewed', data: { userId, currentPeriodEnd: d.currentPeriodEnd, at, ...occurred(d) } }];
      // The period only moves forward, whatever order the provider's events arrive in.
      if (!state.currentPeriodEnd || Date.parse(d.currentPeriodEnd) > Date.parse(state.currentPeriodEnd)) return renewed;
      // Past due, then the same cycle is paid: the subscription recovers (unless this payment predates the failure).
      if (state.status === 'past_due' && Date.parse(d.currentPeriodEnd) === Date.parse(state.currentPeriodEnd) && !olderThanApplied(state, d.occurredAt)) return renewed;
      return [];
    }
    case 'ChangePlan': {
      if (effectivePlan(state, at) === 'FREE') throw new ValidationError(ENTITLEMENT_MESSAGES.noSubscription);
      if (state.plan === command.data.plan && state.pendingPlan === null) throw new ConflictError(ENTITLEMENT_MESSAGES.alreadySubscribed);
      if (state.pendingPlan === command.data.plan) return [];
      return [{ type: 'PlanChangeScheduled', data: { userId, plan: command.data.plan, effectiveAt: state.currentPeriodEnd ?? at, at } }];
    }
    case 'RecordPaymentFailure':
      if (state.status !== 'active') return [];
      if (aboutAnotherSubscription(state, command.data.subscriptionId) || olderThanApplied(state, command.data.occurredAt)) return [];
      return [{ type: 'PaymentFailed', data: { userId, at, ...occurred(command.data) } }];
    case 'CancelSubscription':
      if (state.status === 'none' || state.status === 'canceled') throw new ValidationError(ENTITLEMENT_MESSAGES.noSubscription);
      if (state.cancelAtPeriodEnd) return [];
      return [{ type: 'CancellationScheduled', data: { userId, endsAt: state.currentPeriodEnd ?? at, at, ...occurred(command.data) } }];
    case 'ResumeSubscription': {
      const d = command.data;
      if (!state.cancelAtPeriodEnd || state.status === 'none' || state.status === 'canceled') return [];
      if (aboutAnotherSubscription(state, d.subscriptionId) || olderThanApplied(state, d.occurredAt)) return [];
      // A late fact from before the cancellation (it still says 'not cancelling') withdraws nothing.
      if (state.cancelledAsOf !== null && Date.parse(d.occurredAt) < Date.parse(state.cancelledAsOf)) return [];
      return [{ type: 'SubscriptionResumed', data: { userId, at, occurredAt: d.occurredAt } }];
    }
    case 'EndSubscription':
      if (state.status === 'none' || state.status === 'canceled') return [];
      if (aboutAnotherSubscription(state, command.data.subscriptionId)) return [];
      return [{ type: 'SubscriptionEnded', data: { userId, at, ...occurred(command.data) } }];
    case 'UseVideoCredit': {
      if (state.processingVideoId === command.data.videoId) return [];
      if (state.processingVideoId !== null) throw new EntitlementRefused('stillProcessing');
      const plan = findPlan(effectivePlan(state, at));
      const month = monthOf(at);
      if (plan.id === 'FREE') {
        if (state.totalVideos >= plan.monthlyVideoLimit) throw new EntitlementRefused('freeUsed');
      } else if ((state.monthlyUsage[month] ?? 0) >= plan.monthlyVideoLimit) {
        throw new EntitlementRefused('monthlyLimit');
      }
      return [{ type: 'VideoCreditUsed', data: { userId: command.data.userId, videoId: command.data.videoId, month, at } }];
    }
    case 'HoldRenderSlot':
      if (state.processingVideoId === command.data.videoId) return [];
      if (state.processingVideoId !== null) throw new EntitlementRefused('stillProcessing');
      return [{ type: 'RenderSlotHeld', data: { userId: command.data.userId, videoId: command.data.videoId, at } }];
    case 'EndVideoProcessing':
      if (state.processingVideoId !== command.data.videoId) return [];
      return [{ type: 'VideoProcessingEnded', data: { userId, videoId: command.data.videoId, at } }];
    case 'AllotSeries': {
      if (state.seriesIds.includes(command.data.seriesId)) return [];
      const plan = findPlan(effectivePlan(state, at));
      if (plan.maxSeries !== null && state.seriesIds.length >= plan.maxSeries) throw new EntitlementRefused('seriesLimit');
      return [{ type: 'SeriesAllotted', data: { userId: command.data.userId, seriesId: command.data.seriesId, at } }];
    }
    case 'ReleaseSeries':
      if (!state.seriesIds.includes(command.data.seriesId)) return [];
      return [{ type: 'SeriesReleased', data: { userId, seriesId: command.data.seriesId, at } }];
    default:
      return assertNever(command);
  }
}

/** A provider fact about a subscription other than the current one (e.g. a late event of an ended one). */
function aboutAnotherSubscription(state: SubscriptionState, subscriptionId: string | undefined): boolean {
  return subscriptionId !== undefined && state.subscriptionId !== null && subscriptionId !== state.subscriptionId;
}

/** A provider fact older than the latest one already applied (a late retry or a reordered delivery). */
function olderThanApplied(state: SubscriptionState, occurredAt: string | undefined): boolean {
  return occurredAt !== undefined && state.billingAsOf !== null && Date.parse(occurredAt) < Date.parse(state.billingAsOf);
}

const occurred = (fact: BillingFact): { occurredAt?: string } => (fact.occurredAt ? { occurredAt: fact.occurredAt } : {});

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  decide: decideSubscription,
  evolve: evolveSubscription,
  initialState: initialSubscriptionState,
};
