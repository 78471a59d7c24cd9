import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

/**
 * Journey: a free user spends the one free video, upgrades through the offline checkout
 * simulator from the real Billing page, creates again, cancels, and keeps access until the
 * period ends. Embedded defaults, render off (the first video never finishes, so deleting it
 * frees the one processing slot). Needs the built web app (`npm run build -w web`) and Debian
 * chromium at /usr/bin/chromium.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_BUILT = existsSync(resolve(__dirname, '../../web/dist/index.html'));
const describeJourney = existsSync(CHROMIUM) && WEB_BUILT ? describe : describe.skip;

const VIDEO = { topic: 'Fun Facts', duration: 60, style: 'anime', voiceid: '', aspectRatio: '9:16', language: 'English' };

describeJourney('Billing journey (embedded, local checkout simulator)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let position = 0;

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-min-position': String(position) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (typeof json.position === 'number') position = Math.max(position, json.position);
    return { status: res.status, body: json };
  };

  beforeAll(async () => {
    server = await startEmbeddedServer({ render: false });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage();
    const catalog = (await (await fetch(`${server.url}/api/catalog`)).json()) as { voices: Array<{ id: string }> };
    VIDEO.voiceid = catalog.voices[0].id;
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Grace Hopper', email: `grace-${Date.now()}@example.com`, password: 'secret1!' }),
    });
    const answer = (await registered.json()) as { token: string; position: number };
    token = answer.token;
    position = answer.position;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('should stop a free user after one video, upgrade through checkout, and keep access after cancelling until the period ends', async () => {
    // Free: one video creation.
    const first = await api('POST', '/api/generate-video', VIDEO);
    expect(first.status).toBe(201);
    expect((await api('GET', '/api/video/stats')).body).toMatchObject({ monthlyCount: 1, total: 1, planLimit: 1 });
    expect((await api('DELETE', `/api/video/delete/${first.body.videoId}`)).status).toBe(200);
    const refused = await api('POST', '/api/generate-video', VIDEO);
    expect(refused).toEqual({ status: 403, body: { error: 'Please subscribe to generate more videos' } });

    // Upgrade from the real Billing page, through the checkout simulator.
    await page.goto(`${server.url}/login`);
    await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    await page.goto(`${server.url}/dashboard/billing`);
    await page.getByTestId('plan-DAILY').getByRole('button', { name: 'Choose Daily' }).click();
    await page.waitForURL(/\/billing\/checkout\/cs_local_/);
    expect(await page.getByTestId('test-mode').textContent()).toBe('TEST MODE — no real payment');
    expect(await page.getByTestId('plan').textContent()).toBe('Daily');
    expect(await page.getByTestId('price').textContent()).toBe('$39.00 per month');
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    // Back on Billing: thanked once, and the parameters are gone so a reload does not repeat it.
    await page.getByText('Payment successful').waitFor();
    await page.waitForURL(/\/dashboard\/billing$/);
    await page.getByTestId('current-plan').getByText('Renews on').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('current-plan').textContent()).toContain('Daily');

    // A paid plan: more videos this month, limit from the plan.
    const subscribed = await api('GET', '/api/billing/subscription');
    const { subscription } = subscribed.body as { subscription: { plan: string; status: string; currentPeriodEnd: string } };
    expect(subscription).toMatchObject({ plan: 'DAILY', status: 'active', period: 'monthly' });
    const second = await api('POST', '/api/generate-video', VIDEO);
    expect(second.status).toBe(201);
    expect((await api('GET', '/api/video/stats')).body).toMatchObject({ planLimit: 40 });

    // Cancel from the Billing page: the plan stays until the period ends.
    await page.getByTestId('current-plan').getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.locator('.ant-modal').getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByTestId('current-plan').getByText('Ends on').waitFor({ timeout: 10_000 });
    const cancelled = (await api('GET', '/api/billing/subscription')).body.subscription as { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string };
    expect(cancelled).toMatchObject({ plan: 'DAILY', status: 'canceling', cancelAtPeriodEnd: true, currentPeriodEnd: subscription.currentPeriodEnd });
    expect(Date.parse(cancelled.currentPeriodEnd)).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);
    expect((await api('DELETE', `/api/video/delete/${second.body.videoId}`)).status).toBe(200);
    expect((await api('POST', '/api/generate-video', VIDEO)).status).toBe(201);
    expect((await api('GET', '/api/video/stats')).body).toMatchObject({ planLimit: 40 });
  }, 90_000);
});
