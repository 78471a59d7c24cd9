import type { BillingPeriod, PaidPlanId } from '@app/domain';

/**
 * The Billing port: where a user pays. Two adapters: Stripe (Checkout, Billing Portal,
 * webhooks) and the offline local checkout simulator. Both report what happened as
 * provider-neutral `BillingEvent`s, which one module turns into subscription commands.
 */
export interface BillingProvider {
  readonly kind: 'stripe' | 'local';
  /** A hosted page where the user pays for a plan; `url` is where the browser goes. */
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** A page where the user manages the payment method. */
  createPortalSession(input: PortalInput): Promise<{ url: string }>;
  /** Stop renewing; access lasts until the period the user paid for ends. */
  cancelAtPeriodEnd(input: { userId: string; subscriptionId: string }): Promise<void>;
  /** Bill another plan from the next cycle on, with no proration of the current one. */
  schedulePlanChange(input: { userId: string; subscriptionId: string; plan: PaidPlanId; period: BillingPeriod }): Promise<void>;
}

export interface CheckoutInput {
  userId: string;
  email: string | null;
  plan: PaidPlanId;
  period: BillingPeriod;
  /** The provider's customer, when the user has paid before. */
  customerId: string | null;
  /** Absolute or same-origin URLs the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
}

export interface PortalInput {
  userId: string;
  customerId: string;
  returnUrl: string;
}

/** Provider statuses we react to (Stripe's names; the simulator uses the same). */
export type ProviderSubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';

interface BillingEventBase {
  /** The provider's event id: the idempotency key (retries carry the same id). */
  id: string;
  /** When the provider says it happened (ISO); orders reordered deliveries. */
  occurredAt: string;
  userId: string;
}

/** What a billing provider reports, in its neutral form. */
/** What a provider says about a subscription at one moment. */
export interface SubscriptionFacts {
  plan: PaidPlanId;
  period: BillingPeriod;
  customerId: string;
  subscriptionId: string;
  status: ProviderSubscriptionStatus;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
}

export type BillingEvent = BillingEventBase & (
  | { type: 'subscription.started'; plan: PaidPlanId; period: BillingPeriod; customerId: string; subscriptionId: string; currentPeriodEnd: string }
  | ({ type: 'subscription.updated' } & SubscriptionFacts)
  | { type: 'subscription.ended'; subscriptionId: string }
  | { type: 'invoice.paid'; subscriptionId: string; currentPeriodEnd: string }
  | { type: 'invoice.payment_failed'; subscriptionId: string }
);

export type BillingEventType = BillingEvent['type'];

/** The webhook side of a provider: verify a delivery and translate it. */
export interface BillingWebhook {
  /** Throws `WebhookSignatureError` when the signature does not verify. [] for events we do not use. */
  parse(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent[]>;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** `studio_<plan>_<period>`: the lookup key of a plan's price at the provider. */
export const priceLookupKey = (plan: PaidPlanId, period: BillingPeriod) => `studio_${plan.toLowerCase()}_${period}`;

/** The inverse of `priceLookupKey`; null for prices that are not ours. */
export function planOfLookupKey(key: string | null | undefined): { plan: PaidPlanId; period: BillingPeriod } | null {
  const match = /^studio_(starter|daily|hardcore)_(monthly|annual)$/.exec(key ?? '');
  return match ? { plan: match[1].toUpperCase() as PaidPlanId, period: match[2] as BillingPeriod } : null;
}

/** The end of a billing period that starts at `from` (calendar month or year, UTC). */
export function periodEndFrom(from: Date, period: BillingPeriod): Date {
  const end = new Date(from.getTime());
  if (period === 'annual') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
