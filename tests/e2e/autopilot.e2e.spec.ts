import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PLATFORM_LABELS, type SeriesResponse } from '@app/domain';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

/**
 * Journey: link the sandbox YouTube and TikTok accounts from the real Account page (through the
 * sandbox consent page), create a Series with a schedule through the Create wizard's "Set up
 * autopilot" section, see it on the dashboard's Your Series card with its next post, advance the test
 * clock past a slot, watch the autopilot render a real video and post it to both accounts (the card
 * and the sandbox gallery show it), pause and resume it, then disconnect from the Account page.
 * Screenshots of the form and the card at 1280 and 390 px go to tests/artifacts/screenshots/.
 * Embedded defaults, real render, STUDIO_TEST_CLOCK=1. Needs web/dist and /usr/bin/chromium.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_BUILT = existsSync(resolve(__dirname, '../../web/dist/index.html'));
const describeJourney = existsSync(CHROMIUM) && WEB_BUILT ? describe : describe.skip;
const SHOTS = resolve(__dirname, '../artifacts/screenshots');

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
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    mkdirSync(SHOTS, { recursive: true });
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
      // The page drops `?linked=` from its address once it has shown the toast: wait for the
      // navigation from the moment of the click, not after it (on a busy machine the app can be
      // faster than this test's next line).
      await Promise.all([
        page.waitForURL(new RegExp(`/dashboard/account\\?linked=${platform}`), { waitUntil: 'commit' }),
        page.getByRole('button', { name: 'Allow' }).click(),
      ]);
      await page.getByText(`${PLATFORM_LABELS[platform]} connected successfully`).first().waitFor();
    }
    await page.goto(`${server.url}/dashboard/account`);
    await page.getByTestId('social-youtube').getByText('Night Owl Channel').waitFor();
    await page.getByTestId('social-tiktok').getByText('@night_owl').waitFor();

    // A Series on the Free plan's frequency (one slot a week), posting to both, made in the wizard.
    const shot = async (name: string, target: 'page' | string = 'page') => {
      const path = join(SHOTS, `${name}.png`);
      if (target === 'page') await page.screenshot({ path, fullPage: true });
      else {
        // A full-page clip: an element shot would scroll it under the sticky header.
        const box = await page.locator(target).boundingBox();
        const scrollY = await page.evaluate(() => window.scrollY);
        if (!box) throw new Error(`${target} is not visible`);
        await page.screenshot({ path, fullPage: true, clip: { x: Math.max(0, box.x - 8), y: box.y + scrollY - 8, width: box.width + 16, height: box.height + 16 } });
      }
    };
    await page.goto(`${server.url}/dashboard`);
    await page.getByText("You haven't started a Faceless Video series yet.").waitFor();
    await page.getByRole('link', { name: /CREATE YOUR SERIES/ }).click();
    await page.waitForURL(/\/dashboard\/create$/);
    await page.getByText('Fun Facts', { exact: true }).click();
    await page.getByRole('button', { name: /Next/ }).click();
    // The optional "Use my own media" step (issue 18).
    await page.getByRole('button', { name: /Skip/ }).click();
    await page.getByText('Brian', { exact: true }).click();
    await page.getByText('Anime', { exact: true }).click();
    await page.getByLabel('Duration').selectOption({ label: '15 to 30 seconds' });
    await page.getByRole('switch', { name: 'Post automatically on a schedule' }).click();
    await page.getByText('Your Free plan posts once a week.').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Monday' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Posting time 1').inputValue()).toBe('18:00');
    await page.getByLabel('Series name').fill('Owls at night');
    await page.getByTestId('autopilot-youtube').getByText('Connected as Night Owl Channel').waitFor();
    await page.getByTestId('autopilot-tiktok').getByText('Connected as @night_owl').waitFor();
    await page.getByTestId('autopilot-instagram').getByText('Not connected').waitFor();
    await page.getByTestId('autopilot-youtube').locator('label').click();
    await page.getByTestId('autopilot-tiktok').locator('label').click();
    await page.getByLabel('Time zone').selectOption('Europe/Paris');
    await shot('autopilot-form-1280', '.autopilot');
    await shot('autopilot-create-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('autopilot-form-390', '.autopilot');
    await shot('autopilot-create-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: /Start Autopilot/ }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Series created').waitFor();
    const card = page.getByTestId('series-item').filter({ hasText: 'Owls at night' });
    await card.getByText(/\(Europe\/Paris\)$/).waitFor();
    expect(await card.getByText('Active', { exact: true }).count()).toBe(1);
    await shot('series-card-1280', '.series-home');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('series-card-390', '.series-home');
    await page.setViewportSize({ width: 1280, height: 900 });

    const list = await api<{ series: SeriesResponse[] }>('GET', '/api/series');
    expect(list.body.series).toHaveLength(1);
    const seriesId = list.body.series[0]._id;
    const before = list.body.series[0];
    expect(before).toMatchObject({ name: 'Owls at night', topic: 'Fun Facts', style: 'anime', duration: 30, platforms: ['youtube', 'tiktok'] });
    expect(before.schedule).toEqual({ timeZone: 'Europe/Paris', days: [1], times: ['18:00'] });
    expect(before.nextPostAt).toEqual(expect.any(String));

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

    // The Your Series card shows the slot, posted to both, with links to the published posts.
    await page.goto(`${server.url}/dashboard`);
    const recent = page.getByRole('list', { name: 'Recent posts of Owls at night' });
    await recent.getByRole('link', { name: /YouTube/ }).waitFor();
    expect(await recent.getByRole('link', { name: /TikTok/ }).getAttribute('href')).toBe(slot.posts.find((p) => p.platform === 'tiktok')!.url);
    await shot('series-card-posted-1280', '.series-home');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('series-card-posted-390', '.series-home');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Pause and resume from the card.
    await page.getByRole('button', { name: 'Pause Owls at night' }).click();
    await page.getByText('Series paused').waitFor();
    await page.getByText('Paused: resume to post again').waitFor();
    expect((await api<SeriesResponse>('GET', `/api/series/${seriesId}`)).body.status).toBe('paused');
    await page.getByRole('button', { name: 'Resume Owls at night' }).click();
    await page.getByText('Series resumed').waitFor();
    await page.getByTestId('series-item').getByText(/\(Europe\/Paris\)$/).waitFor();

    // Edit uses the same form: prefilled, saved with PATCH.
    await page.getByRole('link', { name: 'Edit Owls at night' }).click();
    await page.getByRole('heading', { name: 'Edit Series' }).waitFor();
    await page.getByRole('button', { name: /Next/ }).click();
    expect(await page.getByLabel('Series name').inputValue()).toBe('Owls at night');
    await page.getByLabel('Series name').fill('Owls after dark');
    await shot('series-edit-1280', '.autopilot');
    await page.getByRole('button', { name: /Save Changes/ }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('Series updated').waitFor();
    await page.getByRole('heading', { name: 'Owls after dark' }).waitFor();
    expect((await api<SeriesResponse>('GET', `/api/series/${seriesId}`)).body).toMatchObject({ name: 'Owls after dark', schedule: { timeZone: 'Europe/Paris', days: [1], times: ['18:00'] } });

    // The video is real and done, and each sandbox account's gallery shows it once.
    await page.goto(`${server.url}/dashboard/view/${slot.videoId}`);
    await page.getByText('Download Video').first().waitFor({ timeout: 30_000 });
    const { channelId } = (await api<{ channelId: string }>('GET', '/api/auth/youtube/status')).body;
    const { channelUrl } = (await api<{ channelUrl: string }>('GET', '/api/auth/tiktok/status')).body;
    await page.goto(`${server.url}/sandbox/published?account=${channelId}`);
    expect(await page.locator('[data-testid="sandbox-post"][data-platform="youtube"] video').count()).toBe(1);
    expect(await page.getByTestId('sandbox-post').count()).toBe(1);
    await page.goto(`${server.url}${channelUrl}`);
    expect(await page.locator('[data-testid="sandbox-post"][data-platform="tiktok"]').count()).toBe(1);

    // Disconnect YouTube from Account.
    await page.goto(`${server.url}/dashboard/account`);
    await page.getByTestId('social-youtube').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('YouTube disconnected successfully').waitFor();
    await page.getByTestId('social-youtube').getByText('Connect your YouTube account').waitFor();
    expect((await api('GET', '/api/auth/youtube/status')).body).toEqual({ connected: false });
  });
});
