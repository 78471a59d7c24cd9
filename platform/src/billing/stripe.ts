import Stripe from 'stripe';
import { annualPrice, findPlan, type BillingPeriod, type PaidPlanId } from '@app/domain';
import type { StripeConfig } from './config';
import {
  WebhookSignatureError, planOfLookupKey, priceLookupKey,
  type BillingEvent, type BillingProvider, type BillingWebhook, type CheckoutInput, type PortalInput, type SubscriptionFacts,
} from './port';

/** A Stripe client for our config (stripe-mock when `apiBase` is set). */
export function createStripeClient(config: Pick<StripeConfig, 'secretKey' | 'apiBase'>): Stripe {
  return new Stripe(config.secretKey, {
    ...(config.apiBase ? { host: config.apiBase.host, port: config.apiBase.port, protocol: config.apiBase.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'faceless-studio' },
  });
}

/** Prices in cents: monthly = price x 100; annual = annualPrice x 100 (spec section 9). */
export function priceAmountCents(plan: PaidPlanId, period: BillingPeriod): number {
  const p = findPlan(plan);
  return (period === 'annual' ? annualPrice(p) : p.price) * 100;
}

/**
 * Stripe Billing: Checkout Sessions in subscription mode, the Billing Portal, cancellation at
 * period end, and the webhook translation into `BillingEvent`s. Products (`studio_<plan>`) and
 * prices (lookup key `studio_<plan>_<period>`) are created on first use when missing.
 */
export class StripeBilling implements BillingProvider, BillingWebhook {
  readonly kind = 'stripe' as const;
  private readonly prices = new Map<string, string>();

  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
  ) {}

  static fromConfig(config: StripeConfig): StripeBilling {
    return new StripeBilling(createStripeClient(config), config.webhookSecret);
  }

  async createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const price = await this.priceId(input.plan, input.period);
    const customer = input.customerId ?? (await this.createCustomer(input.userId, input.email));
    const metadata = { userId: input.userId, plan: input.plan, period: input.period };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: input.userId,
      line_items: [{ price, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      metadata,
      subscription_data: { metadata },
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
    return { id: session.id, url: session.url };
  }

  async createPortalSession(input: PortalInput): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
    return { url: session.url };
  }

  async cancelAtPeriodEnd(input: { userId: string; subscriptionId: string }): Promise<void> {
    await this.stripe.subscriptions.update(input.subscriptionId, { cancel_at_period_end: true });
  }

  /**
   * Plan changes apply from the next billing cycle (spec section 9). Swapping the price with
   * `proration_behavior: 'none'` and the billing cycle anchor unchanged makes Stripe bill the new
   * price from the next invoice on, with no credit or charge for the current period. The domain
   * records PlanChangeScheduled and applies it on the renewal Stripe reports (SubscriptionRenewed),
   * so entitlements and billing switch together. The period stays (an interval change would reset
   * the anchor and charge at once).
   */
  async schedulePlanChange(input: { userId: string; subscriptionId: string; plan: PaidPlanId; period: BillingPeriod }): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(input.subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${input.subscriptionId} has no item`);
    await this.stripe.subscriptions.update(input.subscriptionId, {
      items: [{ id: item.id, price: await this.priceId(input.plan, input.period) }],
      proration_behavior: 'none',
      billing_cycle_anchor: 'unchanged',
      metadata: { userId: input.userId, plan: input.plan, period: input.period },
    });
  }

  /** Verifies the signature on the raw body, then translates the event. */
  async parse(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent[]> {
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
    }
    return this.translate(event);
  }

  /** Stripe event → BillingEvents; [] for events we do not use or cannot attribute to a user. */
  async translate(event: Stripe.Event): Promise<BillingEvent[]> {
    const base = { id: event.id, occurredAt: new Date(event.created * 1000).toISOString() };
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode !== 'subscription' || !session.subscription) return [];
        // The session names the subscription; its period end lives on the subscription itself.
        const subscription = typeof session.subscription === 'string' ? await this.stripe.subscriptions.retrieve(session.subscription) : session.subscription;
        if (subscription.status !== 'active' && subscription.status !== 'trialing') return [];
        const facts = subscriptionFacts(subscription, session.metadata);
        const userId = session.metadata?.userId ?? session.client_reference_id ?? (await this.userIdOf(subscription.metadata, subscription.customer));
        if (!facts || !userId) return [];
        const { status: _status, cancelAtPeriodEnd: _cancel, ...started } = facts;
        return [{ ...base, type: 'subscription.started', userId, ...started }];
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated': {
        const subscription = event.data.object;
        const facts = subscriptionFacts(subscription, null);
        const userId = await this.userIdOf(subscription.metadata, subscription.customer);
        if (!facts || !userId) return [];
        return [{ ...base, type: 'subscription.updated', userId, ...facts }];
      }
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const userId = await this.userIdOf(subscription.metadata, subscription.customer);
        return userId ? [{ ...base, type: 'subscription.ended', userId, subscriptionId: subscription.id }] : [];
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details ?? null;
        const ref = details?.subscription ?? (invoice as unknown as { subscription?: string | Stripe.Subscription | null }).subscription ?? null;
        const subscriptionId = typeof ref === 'string' ? ref : (ref?.id ?? null);
        if (!subscriptionId || !invoice.customer) return [];
        const userId = await this.userIdOf(details?.metadata ?? null, invoice.customer);
        if (!userId) return [];
        if (event.type === 'invoice.payment_failed') return [{ ...base, type: 'invoice.payment_failed', userId, subscriptionId }];
        const periodEnd = Math.max(0, ...invoice.lines.data.map((line) => line.period?.end ?? 0));
        if (!periodEnd) return [];
        return [{ ...base, type: 'invoice.paid', userId, subscriptionId, currentPeriodEnd: isoOf(periodEnd) }];
      }
      default:
        return [];
    }
  }

  /** The price for a plan and period, looked up by lookup key, created (with its product) if missing. */
  async priceId(plan: PaidPlanId, period: BillingPeriod): Promise<string> {
    const key = priceLookupKey(plan, period);
    const cached = this.prices.get(key);
    if (cached) return cached;
    const amount = priceAmountCents(plan, period);
    const found = await this.stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    let price = found.data.find((p) => p.lookup_key === key && p.unit_amount === amount && p.currency === 'usd');
    if (!price) {
      price = await this.stripe.prices.create({
        product: await this.productId(plan),
        currency: 'usd',
        unit_amount: amount,
        recurring: { interval: period === 'annual' ? 'year' : 'month' },
        lookup_key: key,
        // A changed catalogue price takes the lookup key over from the old price.
        transfer_lookup_key: true,
        nickname: `${findPlan(plan).name} (${period})`,
        metadata: { plan, period },
      }, { idempotencyKey: `studio-price-${key}-${amount}` });
    }
    this.prices.set(key, price.id);
    return price.id;
  }

  private async productId(plan: PaidPlanId): Promise<string> {
    const id = `studio_${plan.toLowerCase()}`;
    try {
      return (await this.stripe.products.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'resource_missing') throw error;
      return (await this.stripe.products.create({ id, name: `Studio ${findPlan(plan).name}`, metadata: { plan } }, { idempotencyKey: `studio-product-${id}` })).id;
    }
  }

  private async createCustomer(userId: string, email: string | null): Promise<string> {
    const customer = await this.stripe.customers.create(
      { ...(email ? { email } : {}), metadata: { userId } },
      { idempotencyKey: `studio-customer-${userId}-${email ?? ''}` },
    );
    return customer.id;
  }

  /** metadata.userId on the object, else on its customer. */
  private async userIdOf(metadata: Stripe.Metadata | null, customer: string | Stripe.Customer | Stripe.DeletedCustomer | null): Promise<string | null> {
    if (metadata?.userId) return metadata.userId;
    if (!customer) return null;
    const c = typeof customer === 'string' ? await this.stripe.customers.retrieve(customer) : customer;
    return 'deleted' in c && c.deleted ? null : ((c as Stripe.Customer).metadata?.userId ?? null);
  }
}


/** Plan from the price's lookup key (then price or subscription metadata), period end from the item. */
function subscriptionFacts(subscription: Stripe.Subscription, fallback: Stripe.Metadata | null): SubscriptionFacts | null {
  const item = subscription.items?.data[0];
  const planned = planOfLookupKey(item?.price.lookup_key) ?? planOfMetadata(item?.price.metadata) ?? planOfMetadata(subscription.metadata) ?? planOfMetadata(fallback);
  const periodEnd = item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end;
  if (!planned || !periodEnd) return null;
  return {
    ...planned,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    subscriptionId: subscription.id,
    status: subscription.status,
    currentPeriodEnd: isoOf(periodEnd),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

function planOfMetadata(metadata: Stripe.Metadata | null | undefined): { plan: PaidPlanId; period: BillingPeriod } | null {
  if (!metadata?.plan) return null;
  return planOfLookupKey(priceLookupKey(metadata.plan as PaidPlanId, (metadata.period ?? 'monthly') as BillingPeriod));
}

const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
