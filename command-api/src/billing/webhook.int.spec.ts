import request from 'supertest';
import { effectivePlan, subscriptionStreamId } from '@app/domain';
import {
  aStripeEvent, aStripeSubscription, anInvoice, createBillingApp, signatureFor, type BillingApp,
} from './testing/billing-app';

const P1 = '2026-12-22T10:00:00.000Z';
const P2 = '2027-01-22T10:00:00.000Z';
const T1 = '2026-11-22T10:00:00.000Z';
const T2 = '2026-11-22T11:00:00.000Z';
const T3 = '2026-11-22T12:00:00.000Z';

describe('POST /api/billing/webhook (Stripe)', () => {
  let billing: BillingApp;
  beforeEach(() => {
    billing = createBillingApp({ provider: 'stripe', start: new Date(T1) });
  });
  afterEach(() => billing.close());

  const deliver = (event: { payload: string }, signature = signatureFor(event.payload)) =>
    request(billing.app).post('/api/billing/webhook').set('content-type', 'application/json').set('stripe-signature', signature).send(event.payload);
  const eventTypes = async (userId: string) => (await billing.store.readStream(subscriptionStreamId(userId))).map((e) => e.type);

  describe('When a signed subscription.created arrives', () => {
    it('should activate the plan from the price lookup key, for the user in the metadata', async () => {
      const { userId } = await billing.aUser();
      const event = aStripeEvent('customer.subscription.created', aStripeSubscription({ userId, lookupKey: 'studio_daily_annual', currentPeriodEnd: P1 }), { created: T1 });
      const res = await deliver(event).expect(200);
      expect(res.body).toEqual({ received: true, position: expect.any(Number) });
      const state = await billing.subscription(userId);
      expect(state).toMatchObject({ status: 'active', plan: 'DAILY', period: 'annual', currentPeriodEnd: P1, customerId: 'cus_1', subscriptionId: 'sub_1' });
      expect(await eventTypes(userId)).toEqual(['SubscriptionActivated']);
    });
  });

  describe('When checkout.session.completed arrives with its subscription', () => {
    it('should activate the subscription with the session metadata', async () => {
      const { userId } = await billing.aUser();
      const subscription = aStripeSubscription({ userId, lookupKey: 'studio_starter_monthly', currentPeriodEnd: P1, metadata: {} });
      const session = { id: 'cs_1', object: 'checkout.session', mode: 'subscription', client_reference_id: userId, customer: 'cus_1', subscription, metadata: { userId, plan: 'STARTER', period: 'monthly' } };
      await deliver(aStripeEvent('checkout.session.completed', session, { created: T1 })).expect(200);
      expect(await billing.subscription(userId)).toMatchObject({ status: 'active', plan: 'STARTER', currentPeriodEnd: P1 });
    });
    it('should converge with the subscription.created of the same checkout (either order)', async () => {
      const { userId } = await billing.aUser();
      const subscription = aStripeSubscription({ userId, lookupKey: 'studio_starter_monthly', currentPeriodEnd: P1 });
      const session = { id: 'cs_2', object: 'checkout.session', mode: 'subscription', customer: 'cus_1', subscription, metadata: { userId, plan: 'STARTER', period: 'monthly' } };
      await deliver(aStripeEvent('customer.subscription.created', subscription, { created: T1 })).expect(200);
      await deliver(aStripeEvent('checkout.session.completed', session, { created: T1 })).expect(200);
      expect(await eventTypes(userId)).toEqual(['SubscriptionActivated']);
    });
  });

  describe('When the signature does not verify', () => {
    it('should answer 400 and record nothing for a forged, missing or tampered delivery', async () => {
      const { userId } = await billing.aUser();
      const event = aStripeEvent('customer.subscription.created', aStripeSubscription({ userId, currentPeriodEnd: P1 }));
      await deliver(event, signatureFor(event.payload, 'whsec_someone_else')).expect(400, { error: 'Invalid signature' });
      await request(billing.app).post('/api/billing/webhook').set('content-type', 'application/json').send(event.payload).expect(400, { error: 'Invalid signature' });
      const tampered = event.payload.replace('studio_daily_monthly', 'studio_hardcore_monthly');
      await request(billing.app).post('/api/billing/webhook').set('content-type', 'application/json').set('stripe-signature', signatureFor(event.payload)).send(tampered).expect(400);
      expect(await eventTypes(userId)).toEqual([]);
      expect(billing.logs()).toContain('Webhook refused: bad signature');
    });
  });

  describe('When Stripe retries a delivery', () => {
    it('should apply it exactly once', async () => {
      const { userId } = await billing.aUser();
      await deliver(aStripeEvent('customer.subscription.created', aStripeSubscription({ userId, currentPeriodEnd: P1 }), { created: T1 })).expect(200);
      const failed = aStripeEvent('invoice.payment_failed', anInvoice({ userId, periodEnd: P1 }), { created: T2 });
      await deliver(failed).expect(200);
      await deliver(failed).expect(200);
      await Promise.all([deliver(failed).expect(200), deliver(failed).expect(200)]);
      expect(await eventTypes(userId)).toEqual(['SubscriptionActivated', 'PaymentFailed']);
    });
  });

  describe('When events arrive out of order', () => {
    it('should not roll the period back for an older subscription.updated', async () => {
      const { userId } = await billing.aUser();
      await deliver(aStripeEvent('customer.subscription.created', aStripeSubscription({ userId, currentPeriodEnd: P1 }), { created: T1 })).expect(200);
      await deliver(aStripeEvent('customer.subscription.updated', aStripeSubscription({ userId, currentPeriodEnd: P2 }), { created: T3 })).expect(200);
      await deliver(aStripeEvent('customer.subscription.updated', aStripeSubscription({ userId, currentPeriodEnd: P1, status: 'past_due' }), { created: T2 })).expect(200);
      expect(await billing.subscription(userId)).toMatchObject({ status: 'active', currentPeriodEnd: P2 });
      expect(await eventTypes(userId)).toEqual(['SubscriptionActivated', 'SubscriptionRenewed']);
    });
    it('should ignore a payment failure older than the payment that settled it', async () => {
      const { userId } = await billing.aUser();
      await deliver(aStripeEvent('customer.subscription.created', aStripeSubscription({ userId, currentPeriodEnd: P1 }), { created: T1 })).expect(200);
      await deliver(aStripeEvent('invoice.paid', anInvoice({ userId, periodEnd: P2 }), { created: T3 })).expect(200);
      await deliver(aStripeEvent('invoice.payment_failed', anInvoice({ userId, periodEnd: P2 }), { created: T2 })).expect(200);
      expect(await billing.subscription(userId)).toMatchObject({ status: 'active', currentPeriodEnd: P2 });
    });
    it('should not end a new subscription for a late deletion of the old one', async () => {
      const { userId } = await billing.aUser();
      await deliver(aStripeEvent('customer.subscription.created', aStripeSubscription({ id: 'sub_new', userId, currentPeriodEnd: P2 }), { created: T3 })).expect(200);
      await deliver(aStripeEvent('customer.subscription.deleted', aStripeSubscription({ id: 'sub_old', userId, currentPeriodEnd: P1, status: 'canceled' }), { created: T2 })).expect(200);
      expect(await billing.subscription(userId)).toMatchObject({ status: 'active', subscriptionId: 'sub_new' });
    });
    it('should ignore a renewal invoice that arrives before its subscription', async () => {
      const { userId } = await billing.aUser();
      await deliver(aStripeEvent('invoice.paid', anInvoice({ userId, periodEnd: P1 }), { created: T1 })).expect(200);
      expect(await eventTypes(userId)).toEqual([]);
      await deliver(aStripeEvent('customer.subscription.created', aStripeSubscription({ userId, currentPeriodEnd: P1 }), { created: T1 })).expect(200);
      expect(await billing.subscription(userId)).toMatchObject({ status: 'active', currentPeriodEnd: P1 });
    });
  });

  describe('When a payment fails and is then paid', () => {
    it('should go past due and recover for the same period', async () => {
      const { userId } = await billing.aUser();
      await deliver(aStripeEvent('customer.subscription.created', aStripeSubscription({ userId, currentPeriodEnd: P1 }), { created: T1 })).expect(200);
      await deliver(aStripeEvent('invoice.payment_failed', anInvoice({ userId, periodEnd: P1 }), { created: T2 })).expect(200);
      expect((await billing.subscription(userId)).status).toBe('past_due');
      await deliver(aStripeEvent('invoice.paid', anInvoice({ userId, periodEnd: P1 }), { created: T3 })).expect(200);
      expect(await billing.subscription(userId)).toMatchObject({ status: 'active', currentPeriodEnd: P1 });
    });
  });

  describe('When the subscription is cancelled at Stripe', () => {
    it('should keep access until the period end, then end with subscription.deleted', async () => {
      const { userId } = await billing.aUser();
      await deliver(aStripeEvent('customer.subscription.created', aStripeSubscription({ userId, currentPeriodEnd: P1 }), { created: T1 })).expect(200);
      await deliver(aStripeEvent('customer.subscription.updated', aStripeSubscription({ userId, currentPeriodEnd: P1, cancelAtPeriodEnd: true }), { created: T2 })).expect(200);
      const canceling = await billing.subscription(userId);
      expect(canceling).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
      expect(effectivePlan(canceling, '2026-12-22T09:59:59.000Z')).toBe('DAILY');
      await deliver(aStripeEvent('customer.subscription.deleted', aStripeSubscription({ userId, currentPeriodEnd: P1, status: 'canceled' }), { created: P1 })).expect(200);
      const ended = await billing.subscription(userId);
      expect(ended.status).toBe('canceled');
      expect(effectivePlan(ended, P1)).toBe('FREE');
    });
  });

  describe('When the cancellation is withdrawn in Stripe\'s portal', () => {
    /** Subscribed at T1; cancelled at `cancelledAt`; then an update saying 'not cancelling' made at `resumedAt`. */
    async function cancelThenResume(cancelledAt: string, resumedAt: string): Promise<string> {
      const { userId } = await billing.aUser();
      await deliver(aStripeEvent('customer.subscription.created', aStripeSubscription({ userId, currentPeriodEnd: P1 }), { created: T1 })).expect(200);
      await deliver(aStripeEvent('customer.subscription.updated', aStripeSubscription({ userId, currentPeriodEnd: P1, cancelAtPeriodEnd: true }), { created: cancelledAt })).expect(200);
      await deliver(aStripeEvent('customer.subscription.updated', aStripeSubscription({ userId, currentPeriodEnd: P1, cancelAtPeriodEnd: false }), { created: resumedAt })).expect(200);
      return userId;
    }

    it('should be active again and renew at the period end instead of ending', async () => {
      const userId = await cancelThenResume(T2, T3);
      expect(await billing.subscription(userId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      await deliver(aStripeEvent('invoice.paid', anInvoice({ userId, periodEnd: P2 }), { created: P1 })).expect(200);
      const renewed = await billing.subscription(userId);
      expect(renewed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: P2 });
      expect(effectivePlan(renewed, P1)).toBe('DAILY');
      expect(await eventTypes(userId)).toEqual(['SubscriptionActivated', 'CancellationScheduled', 'SubscriptionResumed', 'SubscriptionRenewed']);
    });

    it('should not resume for a late update from before the cancellation', async () => {
      const userId = await cancelThenResume(T3, T2);
      expect(await billing.subscription(userId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    });
  });

  describe('When the price changes at Stripe (a plan change)', () => {
    it('should schedule the new plan and apply it when the next period starts', async () => {
      const { userId } = await billing.aUser();
      await deliver(aStripeEvent('customer.subscription.created', aStripeSubscription({ userId, lookupKey: 'studio_starter_monthly', currentPeriodEnd: P1 }), { created: T1 })).expect(200);
      await deliver(aStripeEvent('customer.subscription.updated', aStripeSubscription({ userId, lookupKey: 'studio_hardcore_monthly', currentPeriodEnd: P1 }), { created: T2 })).expect(200);
      expect(await billing.subscription(userId)).toMatchObject({ plan: 'STARTER', pendingPlan: 'HARDCORE' });
      await deliver(aStripeEvent('customer.subscription.updated', aStripeSubscription({ userId, lookupKey: 'studio_hardcore_monthly', currentPeriodEnd: P2 }), { created: P1 })).expect(200);
      expect(await billing.subscription(userId)).toMatchObject({ plan: 'HARDCORE', pendingPlan: null, currentPeriodEnd: P2 });
    });
  });

  describe('When the event is not one we use', () => {
    it('should acknowledge it and record nothing', async () => {
      const { userId } = await billing.aUser();
      await deliver(aStripeEvent('customer.created', { id: 'cus_1', object: 'customer', metadata: { userId } })).expect(200);
      expect(await eventTypes(userId)).toEqual([]);
    });
  });

  describe('When billing runs on the local simulator', () => {
    it('should answer 404 (there is no Stripe webhook)', async () => {
      const local = createBillingApp({ provider: 'local' });
      const event = aStripeEvent('customer.created', { id: 'cus_1' });
      await request(local.app).post('/api/billing/webhook').set('content-type', 'application/json').set('stripe-signature', signatureFor(event.payload)).send(event.payload).expect(404);
      await local.close();
    });
  });
});
