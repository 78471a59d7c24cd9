import type { Command } from '../shared';
import type { BillingPeriod, PaidPlanId } from '../catalog/plans';

export type ActivateSubscription = Command<'ActivateSubscription', {
  userId: string;
  plan: PaidPlanId;
  period: BillingPeriod;
  currentPeriodEnd: string;
  customerId: string | null;
  subscriptionId: string | null;
}>;
export type RenewSubscription = Command<'RenewSubscription', { currentPeriodEnd: string }>;
export type ChangePlan = Command<'ChangePlan', { plan: PaidPlanId }>;
export type RecordPaymentFailure = Command<'RecordPaymentFailure', Record<string, never>>;
export type CancelSubscription = Command<'CancelSubscription', Record<string, never>>;
export type EndSubscription = Command<'EndSubscription', Record<string, never>>;
export type UseVideoCredit = Command<'UseVideoCredit', { userId: string; videoId: string }>;
export type EndVideoProcessing = Command<'EndVideoProcessing', { videoId: string }>;
export type AllotSeries = Command<'AllotSeries', { userId: string; seriesId: string }>;
export type ReleaseSeries = Command<'ReleaseSeries', { seriesId: string }>;

export type SubscriptionCommand =
  | ActivateSubscription
  | RenewSubscription
  | ChangePlan
  | RecordPaymentFailure
  | CancelSubscription
  | EndSubscription
  | UseVideoCredit
  | EndVideoProcessing
  | AllotSeries
  | ReleaseSeries;
