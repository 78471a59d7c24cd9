import type { Event } from '../shared';
import type { BillingPeriod, PaidPlanId } from '../catalog/plans';

/**
 * One stream per user: the plan they pay for and what they have used of it.
 * Keeping usage beside the plan makes every entitlement check race-free (one expected revision).
 */
export type SubscriptionActivated = Event<'SubscriptionActivated', {
  userId: string;
  plan: PaidPlanId;
  period: BillingPeriod;
  currentPeriodEnd: string;
  /** Billing provider's ids (Stripe customer / subscription, or the local simulator's). */
  customerId: string | null;
  subscriptionId: string | null;
  at: string;
  /** The billing provider's event time, when a provider event caused it. */
  occurredAt?: string;
}>;
export type SubscriptionRenewed = Event<'SubscriptionRenewed', { userId: string; currentPeriodEnd: string; at: string; occurredAt?: string }>;
/** Plan changes apply from the next billing cycle (spec section 9). */
export type PlanChangeScheduled = Event<'PlanChangeScheduled', { userId: string; plan: PaidPlanId; effectiveAt: string; at: string }>;
export type PlanChanged = Event<'PlanChanged', { userId: string; plan: PaidPlanId; at: string }>;
export type PaymentFailed = Event<'PaymentFailed', { userId: string; at: string; occurredAt?: string }>;
export type CancellationScheduled = Event<'CancellationScheduled', { userId: string; endsAt: string; at: string; occurredAt?: string }>;
/** A scheduled cancellation withdrawn at the provider (Stripe's portal 'Renew plan') before the period ended. */
export type SubscriptionResumed = Event<'SubscriptionResumed', { userId: string; at: string; occurredAt: string }>;
export type SubscriptionEnded = Event<'SubscriptionEnded', { userId: string; at: string; occurredAt?: string }>;
export type VideoCreditUsed = Event<'VideoCreditUsed', { userId: string; videoId: string; month: string; at: string }>;
export type RenderSlotHeld = Event<'RenderSlotHeld', { userId: string; videoId: string; at: string }>;
export type VideoProcessingEnded = Event<'VideoProcessingEnded', { userId: string; videoId: string; at: string }>;
export type SeriesAllotted = Event<'SeriesAllotted', { userId: string; seriesId: string; at: string }>;
export type SeriesReleased = Event<'SeriesReleased', { userId: string; seriesId: string; at: string }>;

export type SubscriptionEvent =
  | SubscriptionActivated
  | SubscriptionRenewed
  | PlanChangeScheduled
  | PlanChanged
  | PaymentFailed
  | CancellationScheduled
  | SubscriptionResumed
  | SubscriptionEnded
  | VideoCreditUsed
  | VideoProcessingEnded
  | RenderSlotHeld
  | SeriesAllotted
  | SeriesReleased;
