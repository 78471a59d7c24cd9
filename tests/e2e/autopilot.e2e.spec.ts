import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { SeriesResponse } from '@app/domain';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

/**
 * Journey: link the sandbox YouTube and TikTok accounts from the real Account page (through the
 * sandbox consent page), create a Series with a schedule (API: the Series screens are another
 * feature's), advance the test clock past a slot, watch the autopilot render a real video and post
 * it to both accounts (the sandbox gallery shows it), then disconnect from the Account page.
 * Embedded defaults, real render, STUDIO_TEST_CLOCK=1. Needs web/dist and /usr/bin/chromium.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_BUILT = existsSync(resolve(__dirname, '../../web/dist/index.html'));
const describeJourney = existsSync(CHROMIUM) && WEB_BUILT ? describe : describe.skip;

jest.setTimeout(300_000);

describeJourney('Autopilot journey (embedded, sandbox publishing, test clock)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let token: string;

  const api = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
  };
  const until = async <T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = await probe();
      if (ok(v)) return v;
      if (Date.now() > deadline) throw new Error(`Timed out; last: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  beforeAll(async () => {
    server = await startEmbeddedServer({ render: true, env: { STUDIO_TEST_CLOCK: '1' } });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage();
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada Lovelace', email: `ada-${Date.now()}@example.com`, password: 'secret1!' }),
    });
    token = ((await registered.json()) as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('should link sandbox accounts, post the autopilot video to them, and disconnect', async () => {
    await page.goto(`${server.url}/login`);
    await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(token)})`);

    // Link YouTube and TikTok from Account → LINKED ACCOUNTS → the sandbox consent page.
    for (const [platform, name] of [['youtube', 'Night Owl Channel'], ['tiktok', 'Night Owl']] as const) {
      await page.goto(`${server.url}/dashboard/account`);
      const card = page.getByTestId(`social-${platform}`);
      await card.getByRole('button', { name: 'Connect' }).click();
      await page.waitForURL(new RegExp(`/sandbox/connect/${platform}\\?state=`));
      expect(await page.getByRole('note').textContent()).toBe('SANDBOX — no real account');
      await page.getByLabel('Sandbox account name').fill(name);
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL(new RegExp(`/dashboard/account\\?linked=${platform}`));
    }
    await page.goto(`${server.url}/dashboard/account`);
    await page.getByTestId('social-youtube').getByText('Night Owl Channel').waitFor();
    await page.getByTestId('social-tiktok').getByText('@night_owl').waitFor();

    // A Series on the Free plan's frequency (one slot a week), posting to both.
    const catalog = (await (await fetch(`${server.url}/api/catalog`)).json()) as { voices: Array<{ id: string }> };
    const created = await api<{ _id: string; nextPostAt: string }>('POST', '/api/series', {
      name: 'Owls at night', topic: 'Fun Facts', voiceid: catalog.voices[0].id, style: 'anime', aspectRatio: '9:16', language: 'English', duration: 30,
      platforms: ['youtube', 'tiktok'], schedule: { timeZone: 'Europe/Paris' },
    });
    expect(created.status).toBe(201);
    const seriesId = created.body._id;
    const before = await until(() => api<SeriesResponse>('GET', `/api/series/${seriesId}`), (r) => r.status === 200, 5000);
    expect(before.body.nextPostAt).toEqual(expect.any(String));

    // Time passes (test clock): the slot comes due, a video is made and posted once to each account.
    const advanced = await fetch(`${server.url}/api/test/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ minutes: 7 * 24 * 60 }) });
    expect(advanced.status).toBe(200);
    const posted = await until(
      () => api<SeriesResponse>('GET', `/api/series/${seriesId}`),
      (r) => r.body.recentPosts?.[0]?.posts?.filter((p) => p.status === 'published').length === 2,
      240_000,
    );
    const slot = posted.body.recentPosts[0];
    expect(slot.videoId).toEqual(expect.any(String));
    expect(Date.parse(posted.body.nextPostAt!)).toBeGreaterThan(Date.parse(slot.slot));

    // The video is real and done, and the sandbox gallery shows it on both platforms.
    await page.goto(`${server.url}/dashboard/view/${slot.videoId}`);
    await page.getByText('Download Video').first().waitFor({ timeout: 30_000 });
    await page.goto(`${server.url}/sandbox/published`);
    expect(await page.getByTestId('sandbox-post').count()).toBe(2);
    expect(await page.locator('[data-testid="sandbox-post"][data-platform="youtube"] video').count()).toBe(1);

    // Disconnect YouTube from Account.
    await page.goto(`${server.url}/dashboard/account`);
    await page.getByTestId('social-youtube').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('YouTube disconnected successfully').waitFor();
    await page.getByTestId('social-youtube').getByText('Connect your YouTube account').waitFor();
    expect((await api('GET', '/api/auth/youtube/status')).body).toEqual({ connected: false });
  });
});
