import { ConflictError, ForbiddenError, ValidationError, assertNever, type Decider } from '../shared';
import { findPlan } from '../catalog/plans';
import type { SubscriptionCommand } from './commands';
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

export function decideSubscription(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  const at = command.metadata.now;
  const userId = state.userId ?? ('userId' in command.data ? (command.data as { userId: string }).userId : '');
  switch (command.type) {
    case 'ActivateSubscription': {
      const d = command.data;
      if (state.status === 'active' && state.plan === d.plan && state.subscriptionId === d.subscriptionId) return [];
      return [{ type: 'SubscriptionActivated', data: { ...d, at } }];
    }
    case 'RenewSubscription': {
      if (state.status === 'none') throw new ValidationError(ENTITLEMENT_MESSAGES.noSubscription);
      if (state.currentPeriodEnd && Date.parse(command.data.currentPeriodEnd) <= Date.parse(state.currentPeriodEnd) && state.status === 'active') return [];
      return [{ type: 'SubscriptionRenewed', data: { userId, currentPeriodEnd: command.data.currentPeriodEnd, at } }];
    }
    case 'ChangePlan': {
      if (effectivePlan(state, at) === 'FREE') throw new ValidationError(ENTITLEMENT_MESSAGES.noSubscription);
      if (state.plan === command.data.plan && state.pendingPlan === null) throw new ConflictError(ENTITLEMENT_MESSAGES.alreadySubscribed);
      if (state.pendingPlan === command.data.plan) return [];
      return [{ type: 'PlanChangeScheduled', data: { userId, plan: command.data.plan, effectiveAt: state.currentPeriodEnd ?? at, at } }];
    }
    case 'RecordPaymentFailure':
      if (state.status !== 'active') return [];
      return [{ type: 'PaymentFailed', data: { userId, at } }];
    case 'CancelSubscription':
      if (state.status === 'none' || state.status === 'canceled') throw new ValidationError(ENTITLEMENT_MESSAGES.noSubscription);
      if (state.cancelAtPeriodEnd) return [];
      return [{ type: 'CancellationScheduled', data: { userId, endsAt: state.currentPeriodEnd ?? at, at } }];
    case 'EndSubscription':
      if (state.status === 'none' || state.status === 'canceled') return [];
      return [{ type: 'SubscriptionEnded', data: { userId, at } }];
    case 'UseVideoCredit': {
      if (state.processingVideoId === command.data.videoId) return [];
      if (state.processingVideoId !== null) throw new ConflictError(ENTITLEMENT_MESSAGES.stillProcessing);
      const plan = findPlan(effectivePlan(state, at));
      const month = monthOf(at);
      if (plan.id === 'FREE') {
        if (state.totalVideos >= plan.monthlyVideoLimit) throw new ForbiddenError(ENTITLEMENT_MESSAGES.freeUsed);
      } else if ((state.monthlyUsage[month] ?? 0) >= plan.monthlyVideoLimit) {
        throw new ForbiddenError(ENTITLEMENT_MESSAGES.monthlyLimit);
      }
      return [{ type: 'VideoCreditUsed', data: { userId: command.data.userId, videoId: command.data.videoId, month, at } }];
    }
    case 'EndVideoProcessing':
      if (state.processingVideoId !== command.data.videoId) return [];
      return [{ type: 'VideoProcessingEnded', data: { userId, videoId: command.data.videoId, at } }];
    case 'AllotSeries': {
      if (state.seriesIds.includes(command.data.seriesId)) return [];
      const plan = findPlan(effectivePlan(state, at));
      if (plan.maxSeries !== null && state.seriesIds.length >= plan.maxSeries) throw new ForbiddenError(ENTITLEMENT_MESSAGES.seriesLimit);
      return [{ type: 'SeriesAllotted', data: { userId: command.data.userId, seriesId: command.data.seriesId, at } }];
    }
    case 'ReleaseSeries':
      if (!state.seriesIds.includes(command.data.seriesId)) return [];
      return [{ type: 'SeriesReleased', data: { userId, seriesId: command.data.seriesId, at } }];
    default:
      return assertNever(command);
  }
}

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionEvent, SubscriptionState> = {
  decide: decideSubscription,
  evolve: evolveSubscription,
  initialState: initialSubscriptionState,
};
