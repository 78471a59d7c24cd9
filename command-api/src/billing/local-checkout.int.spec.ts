import request from 'supertest';
import { ENTITLEMENT_MESSAGES, effectivePlan } from '@app/domain';
import { periodEndFrom, serverPageHead } from '@app/platform';
import { aGenerateVideoBody, createBillingApp, type BillingApp } from './testing/billing-app';

describe('Billing with the local checkout simulator', () => {
  let billing: BillingApp;
  beforeEach(() => {
    billing = createBillingApp({ provider: 'local' });
  });
  afterEach(() => billing.close());
  /** One month / year after the test clock's start (the simulator bills calendar periods). */
  const after = (period: 'monthly' | 'annual', from = billing.clock.now) => periodEndFrom(from, period).toISOString();

  const api = (token: string) => ({
    checkout: (body: unknown) => request(billing.app).post('/api/billing/create-checkout-session').set('authorization', `Bearer ${token}`).send(body as object),
    portal: () => request(billing.app).post('/api/billing/update-payment').set('authorization', `Bearer ${token}`),
    cancel: () => request(billing.app).post('/api/billing/cancel-subscription').set('authorization', `Bearer ${token}`),
    generate: () => request(billing.app).post('/api/generate-video').set('authorization', `Bearer ${token}`).send(aGenerateVideoBody()),
    deleteVideo: (id: string) => request(billing.app).delete(`/api/video/delete/${id}`).set('authorization', `Bearer ${token}`),
  });
  /** Checkout through the simulator page: create the session, open it, press Pay (test). */
  const subscribe = async (token: string, planId: string, period?: string) => {
    const { body } = await api(token).checkout({ planId, ...(period ? { period } : {}) }).expect(200);
    await request(billing.app).post(`${body.url}/pay`).expect(303);
  };

  describe('POST /api/billing/create-checkout-session', () => {
    it('should answer a same-origin checkout page that shows plan, period and price in test mode', async () => {
      const { token } = await billing.aUser();
      const res = await api(token).checkout({ planId: 'DAILY', period: 'annual' }).expect(200);
      expect(res.body).toEqual({ url: expect.stringMatching(/^\/billing\/checkout\/cs_local_[\w-]{24}$/) });
      const page = await request(billing.app).get(res.body.url).expect(200).expect('content-type', /html/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.text).toContain('TEST MODE — no real payment');
      expect(page.text).toContain(serverPageHead('Checkout (test mode)'));
      expect(page.text).toContain('Daily');
      expect(page.text).toContain('Annual');
      // 39 x 12 less 30%, rounded down (spec section 9).
      expect(page.text).toContain('$327.00 per year ($27/month, 30% off)');
      expect(page.text).toContain('Pay (test)');
    });
    it('should default to monthly billing', async () => {
      const { token } = await billing.aUser();
      const { body } = await api(token).checkout({ planId: 'STARTER' }).expect(200);
      expect((await request(billing.app).get(body.url)).text).toContain('$19.00 per month');
    });
    it('should refuse an unknown plan or period, and a missing token', async () => {
      const { token } = await billing.aUser();
      const bad = await api(token).checkout({ planId: 'PLATINUM' }).expect(400);
      expect(bad.body.error).toBe('Please choose a plan: STARTER, DAILY or HARDCORE');
      await api(token).checkout({ planId: 'DAILY', period: 'weekly' }).expect(400);
      await request(billing.app).post('/api/billing/create-checkout-session').send({ planId: 'DAILY' }).expect(401);
    });
  });

  describe('When the user pays on the checkout page', () => {
    it('should activate the plan for one period and return to the billing page', async () => {
      const { token, userId } = await billing.aUser();
      const { body } = await api(token).checkout({ planId: 'HARDCORE', period: 'monthly' }).expect(200);
      const paid = await request(billing.app).post(`${body.url}/pay`).expect(303);
      expect(paid.headers.location).toMatch(/^\/dashboard\/billing\?checkout=success&position=\d+$/);
      expect(await billing.subscription(userId)).toMatchObject({
        status: 'active', plan: 'HARDCORE', period: 'monthly', currentPeriodEnd: after('monthly'), customerId: `cus_local_${userId}`,
      });
    });
    it('should spend the session: a second Pay finds an expired link', async () => {
      const { token, userId } = await billing.aUser();
      const { body } = await api(token).checkout({ planId: 'DAILY', period: 'annual' }).expect(200);
      const yearEnd = after('annual');
      await request(billing.app).post(`${body.url}/pay`).expect(303);
      const again = await request(billing.app).post(`${body.url}/pay`).expect(404);
      expect(again.text).toContain('This link has expired');
      await request(billing.app).get(body.url).expect(404);
      expect((await billing.subscription(userId)).currentPeriodEnd).toBe(yearEnd);
    });
    it('should expire an unused session after 30 minutes', async () => {
      const { token, userId } = await billing.aUser();
      const { body } = await api(token).checkout({ planId: 'DAILY' }).expect(200);
      billing.clock.advance(31 * 60_000);
      await request(billing.app).post(`${body.url}/pay`).expect(404);
      expect((await billing.subscription(userId)).status).toBe('none');
    });
    it('should record nothing when the user cancels', async () => {
      const { token, userId } = await billing.aUser();
      const { body } = await api(token).checkout({ planId: 'DAILY' }).expect(200);
      const res = await request(billing.app).post(`${body.url}/cancel`).expect(303);
      expect(res.headers.location).toBe('/dashboard/billing?checkout=cancel');
      expect((await billing.subscription(userId)).status).toBe('none');
      await request(billing.app).get('/billing/checkout/cs_local_made-up').expect(404);
    });
  });

  describe('Entitlements across an upgrade', () => {
    it('should give Free one video, then the paid plan more', async () => {
      const { token } = await billing.aUser();
      const first = await api(token).generate().expect(201);
      await api(token).deleteVideo(first.body.videoId).expect(200);
      const refused = await api(token).generate().expect(403);
      expect(refused.body.error).toBe(ENTITLEMENT_MESSAGES.freeUsed);
      await subscribe(token, 'STARTER');
      await api(token).generate().expect(201);
    });
  });

  describe('When a subscriber chooses another plan', () => {
    it('should schedule it for the next billing cycle and apply it at renewal', async () => {
      const { token, userId } = await billing.aUser();
      await subscribe(token, 'STARTER');
      const res = await api(token).checkout({ planId: 'HARDCORE' }).expect(200);
      expect(res.body).toMatchObject({ url: '/dashboard/billing?plan=scheduled', scheduled: true, position: expect.any(Number) });
      expect(await billing.subscription(userId)).toMatchObject({ plan: 'STARTER', pendingPlan: 'HARDCORE' });
      const same = await api(token).checkout({ planId: 'STARTER' }).expect(200);
      expect(same.body.scheduled).toBe(true);
      expect((await billing.subscription(userId)).pendingPlan).toBe('STARTER');
      await api(token).checkout({ planId: 'HARDCORE' }).expect(200);

      const portal = await api(token).portal().expect(200);
      await request(billing.app).post(`${portal.body.url}/renew`).expect(303);
      expect(await billing.subscription(userId)).toMatchObject({ plan: 'HARDCORE', pendingPlan: null, currentPeriodEnd: after('monthly', new Date(after('monthly'))) });
    });
    it('should refuse the plan already held', async () => {
      const { token } = await billing.aUser();
      await subscribe(token, 'DAILY');
      const res = await api(token).checkout({ planId: 'DAILY' }).expect(409);
      expect(res.body.error).toBe(ENTITLEMENT_MESSAGES.alreadySubscribed);
    });
  });

  describe('POST /api/billing/update-payment', () => {
    it('should refuse a free user', async () => {
      const { token } = await billing.aUser();
      await api(token).portal().expect(400, { error: ENTITLEMENT_MESSAGES.noSubscription });
    });
    it('should open the portal, where a failed payment makes the subscription past due and a new card settles it', async () => {
      const { token, userId } = await billing.aUser();
      await subscribe(token, 'DAILY');
      const { body } = await api(token).portal().expect(200);
      expect(body.url).toMatch(/^\/billing\/portal\/bps_local_/);
      const page = await request(billing.app).get(body.url).expect(200);
      expect(page.text).toContain('TEST MODE — no real payment');
      expect(page.text).toContain('Simulate failed payment');
      const failed = await request(billing.app).post(`${body.url}/fail`).expect(303);
      expect(failed.headers.location).toBe('/dashboard/billing?portal=fail');
      const pastDue = await billing.subscription(userId);
      expect(pastDue.status).toBe('past_due');
      expect(effectivePlan(pastDue, billing.clock.now.toISOString())).toBe('DAILY');

      const again = await api(token).portal().expect(200);
      await request(billing.app).post(`${again.body.url}/payment-method`).expect(303);
      expect(await billing.subscription(userId)).toMatchObject({ status: 'active', currentPeriodEnd: after('monthly') });
    });
  });

  describe('POST /api/billing/cancel-subscription', () => {
    it('should refuse a free user', async () => {
      const { token } = await billing.aUser();
      await api(token).cancel().expect(400, { error: ENTITLEMENT_MESSAGES.noSubscription });
    });
    it('should keep access until the period ends, then fall back to Free', async () => {
      const { token, userId } = await billing.aUser();
      const end = after('monthly');
      await subscribe(token, 'STARTER');
      const res = await api(token).cancel().expect(200);
      expect(res.body).toEqual({ success: true, position: expect.any(Number) });
      await api(token).cancel().expect(200);
      const state = await billing.subscription(userId);
      expect(state).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: end });

      // Still a subscriber: videos (the real clock is inside the period) and no new checkout yet.
      await api(token).generate().expect(201);
      billing.clock.set(new Date(Date.parse(end) - 60_000).toISOString());
      const choose = await api(token).checkout({ planId: 'DAILY' }).expect(400);
      expect(choose.body.error).toMatch(/ends at the end of this period/);

      billing.clock.set(new Date(Date.parse(end) + 1000).toISOString());
      expect(effectivePlan(await billing.subscription(userId), billing.clock.now.toISOString())).toBe('FREE');
      const fresh = await api(token).checkout({ planId: 'DAILY' }).expect(200);
      expect(fresh.body.url).toMatch(/^\/billing\/checkout\//);
    });
  });
});
