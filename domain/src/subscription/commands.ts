import type { Command } from '../shared';
import type { BillingPeriod, PaidPlanId } from '../catalog/plans';

export type ActivateSubscription = Command<'ActivateSubscription', {
  userId: string;
  plan: PaidPlanId;
  period: BillingPeriod;
  currentPeriodEnd: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** When the billing provider observed it (its event time); orders late deliveries. */
  occurredAt?: string;
}>;
/**
 * Billing facts carry the provider's subscription id (a late event about an older subscription is
 * ignored) and the provider's event time (a late event older than the last one applied is ignored).
 */
export interface BillingFact {
  subscriptionId?: string;
  occurredAt?: string;
}
export type RenewSubscription = Command<'RenewSubscription', { currentPeriodEnd: string } & BillingFact>;
export type ChangePlan = Command<'ChangePlan', { plan: PaidPlanId }>;
export type RecordPaymentFailure = Command<'RecordPaymentFailure', BillingFact>;
export type CancelSubscription = Command<'CancelSubscription', BillingFact>;
export type ResumeSubscription = Command<'ResumeSubscription', BillingFact & { occurredAt: string }>;
export type EndSubscription = Command<'EndSubscription', BillingFact>;
export type UseVideoCredit = Command<'UseVideoCredit', { userId: string; videoId: string }>;
export type EndVideoProcessing = Command<'EndVideoProcessing', { videoId: string }>;
/** A re-render takes the one-at-a-time slot without using a monthly credit. */
export type HoldRenderSlot = Command<'HoldRenderSlot', { userId: string; videoId: string }>;
export type AllotSeries = Command<'AllotSeries', { userId: string; seriesId: string }>;
export type ReleaseSeries = Command<'ReleaseSeries', { seriesId: string }>;

export type SubscriptionCommand =
  | ActivateSubscription
  | RenewSubscription
  | ChangePlan
  | RecordPaymentFailure
  | CancelSubscription
  | ResumeSubscription
  | EndSubscription
  | UseVideoCredit
  | EndVideoProcessing
  | HoldRenderSlot
  | AllotSeries
  | ReleaseSeries;
