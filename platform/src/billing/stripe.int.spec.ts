import Stripe from 'stripe';
import { apiBaseOf } from './config';
import { WebhookSignatureError } from './port';
import { StripeBilling, createStripeClient, priceAmountCents } from './stripe';

/**
 * The Stripe adapter against stripe-mock (infra/scripts/stripe-mock.sh prints STRIPE_MOCK_URL).
 * stripe-mock validates every request against Stripe's OpenAPI spec and answers fixtures: it
 * checks what we send, not business flows (those are in command-api/src/billing/*.int.spec.ts).
 */
const STRIPE_MOCK_URL = process.env.STRIPE_MOCK_URL;
const SECRET = 'whsec_stripe_mock_suite';
const describeWithMock = STRIPE_MOCK_URL ? describe : describe.skip;

describeWithMock('StripeBilling against stripe-mock', () => {
  const client = () => createStripeClient({ secretKey: 'sk_test_123', apiBase: apiBaseOf(STRIPE_MOCK_URL as string) });
  let billing: StripeBilling;
  beforeEach(() => {
    billing = new StripeBilling(client(), SECRET);
  });
  const signed = (event: Record<string, unknown>) => {
    const payload = JSON.stringify(event);
    return { body: Buffer.from(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
  };

  describe('When a user starts checkout', () => {
    it('should create the price (product, lookup key, amount) and a subscription Checkout Session', async () => {
      const session = await billing.createCheckoutSession({
        userId: 'user-1', email: 'ada@example.com', plan: 'DAILY', period: 'annual', customerId: null,
        successUrl: 'http://studio.test/dashboard/billing?checkout=success', cancelUrl: 'http://studio.test/dashboard/billing?checkout=cancel',
      });
      expect(session.id).toMatch(/^cs_/);
      expect(session.url).toMatch(/^https:\/\//);
    });
    it('should reuse a known customer and cache the price', async () => {
      const first = await billing.priceId('STARTER', 'monthly');
      expect(await billing.priceId('STARTER', 'monthly')).toBe(first);
      await expect(billing.createCheckoutSession({
        userId: 'user-1', email: null, plan: 'STARTER', period: 'monthly', customerId: 'cus_123',
        successUrl: 'http://studio.test/ok', cancelUrl: 'http://studio.test/cancel',
      })).resolves.toMatchObject({ url: expect.any(String) });
    });
  });

  describe('When a subscriber manages billing', () => {
    it('should open the Billing Portal', async () => {
      const { url } = await billing.createPortalSession({ userId: 'user-1', customerId: 'cus_123', returnUrl: 'http://studio.test/dashboard/billing' });
      expect(url).toMatch(/^https:\/\//);
    });
    it('should cancel at period end and swap the price without proration', async () => {
      await expect(billing.cancelAtPeriodEnd({ userId: 'user-1', subscriptionId: 'sub_123' })).resolves.toBeUndefined();
      await expect(billing.schedulePlanChange({ userId: 'user-1', subscriptionId: 'sub_123', plan: 'HARDCORE', period: 'monthly' })).resolves.toBeUndefined();
    });
  });

  describe('When a checkout.session.completed names its subscription by id', () => {
    it('should fetch the subscription for its period end and report the start', async () => {
      const { body, signature } = signed({
        id: 'evt_checkout_1', object: 'event', created: 1795000000, type: 'checkout.session.completed',
        data: { object: { id: 'cs_1', object: 'checkout.session', mode: 'subscription', client_reference_id: 'user-1', customer: 'cus_123', subscription: 'sub_123', metadata: { userId: 'user-1', plan: 'HARDCORE', period: 'monthly' } } },
      });
      const events = await billing.parse(body, signature);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'subscription.started', id: 'evt_checkout_1', userId: 'user-1', plan: 'HARDCORE', period: expect.any(String), currentPeriodEnd: expect.stringMatching(/^\d{4}-/) });
    });
  });

  describe('When an invoice carries no user id', () => {
    it('should look the user up on the customer (none here, so nothing to apply)', async () => {
      const { body, signature } = signed({
        id: 'evt_invoice_1', object: 'event', created: 1795000000, type: 'invoice.paid',
        data: { object: { id: 'in_1', object: 'invoice', customer: 'cus_123', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_123', metadata: {} } }, lines: { data: [{ period: { start: 1, end: 1797000000 } }] } } },
      });
      await expect(billing.parse(body, signature)).resolves.toEqual([]);
    });
  });

  describe('When the signature is wrong', () => {
    it('should throw WebhookSignatureError without calling Stripe', async () => {
      await expect(billing.parse(Buffer.from('{}'), 't=1,v1=abc')).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(billing.parse(Buffer.from('{}'), undefined)).rejects.toBeInstanceOf(WebhookSignatureError);
    });
  });
});

describe('Stripe price amounts', () => {
  it('should bill monthly prices and the discounted annual price in cents (spec section 9)', () => {
    expect(priceAmountCents('STARTER', 'monthly')).toBe(1900);
    expect(priceAmountCents('STARTER', 'annual')).toBe(18200);
    expect(priceAmountCents('DAILY', 'annual')).toBe(32700);
    expect(priceAmountCents('HARDCORE', 'annual')).toBe(66200);
  });
});
