/**
 * Dashboard journeys in a real browser against the real product on embedded defaults.
 * Needs the built web app (`npm run build -w web`) and chromium at /usr/bin/chromium.
 * Screenshots of every dashboard page at 1280 px and 390 px go to tests/artifacts/screenshots/.
 * Every page is checked with axe-core (WCAG 2.2 A/AA, no serious or critical violation) at both
 * widths with the creator's data on it: a rendered video, its series, a linked account, a paid
 * plan, the autopilot form filled in, and (the creator is an analyst) the analytics.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from '../support/a11y';
import { CSP_VIOLATIONS, holdAppCode, launchBrowser, newContext } from '../support/browser';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

jest.setTimeout(600_000);

const SHOTS = resolve(__dirname, '../artifacts/screenshots');
/** Every dashboard page, by the name it has in the tab (WCAG 2.4.2: each its own). */
const PAGE_TITLES: Record<string, string> = {
  '/dashboard': 'Dashboard',
  '/dashboard/view': 'Your Videos',
  '/dashboard/create': 'Create A Series',
  '/dashboard/guides': 'Video Guides',
  '/dashboard/billing': 'Billing',
  '/dashboard/account': 'Account Settings',
  '/dashboard/affiliates': 'Affiliate Program',
  '/dashboard/analytics': 'Analytics',
};
const PAGES = Object.keys(PAGE_TITLES);
const WIDTHS = [
  [1280, 900],
  [390, 844],
] as const;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = `creator-${Date.now()}@example.com`;
const password = 'Secret1!x';

async function shot(name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The page's serious and critical axe violations at each width, after `ready` says it shows its data. */
async function sweep(label: string, ready: () => Promise<unknown>): Promise<string[]> {
  const violations: string[] = [];
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.reload();
    await ready();
    violations.push(...(await seriousViolations(page)).map((v) => `${label} at ${width}: ${v}`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return violations;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The creator is also an analyst, so the analytics page is swept with data on it too.
  server = await startEmbeddedServer({ env: { ANALYST_EMAILS: email } });
  browser = await launchBrowser();
  context = await newContext(browser, server.url, 'desktop', { acceptDownloads: true });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('When a creator makes a video from the dashboard', () => {
  let videoUrl = '';

  it('should sign up and land on the dashboard', async () => {
    await page.goto('/register');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText("You haven't created any videos yet.").waitFor();
    await page.getByTestId('videos-left').waitFor();
  });

  it('should create a video through the wizard and open it', async () => {
    await page.goto('/dashboard/create');
    await page.getByText('Fun Facts', { exact: true }).click();
    await page.getByRole('button', { name: /Next/ }).click();
    // The optional "Use my own media" step (issue 18).
    await page.getByRole('button', { name: /Skip/ }).click();
    await page.getByText('Brian', { exact: true }).click();
    await page.getByText('Anime', { exact: true }).click();
    await shot('journey-create-step2-1280');
    await page.getByRole('button', { name: /Create Series/ }).click();
    await page.waitForURL(/\/dashboard\/view\/[^/]+$/, { timeout: 30_000 });
    videoUrl = new URL(page.url()).pathname;
  });

  it('should move through the statuses to a playing video', async () => {
    await page.getByTestId('video-progress').waitFor({ timeout: 30_000 }).catch(() => undefined);
    await shot('journey-progress-1280');
    await page.getByTestId('video-player').waitFor({ timeout: 420_000 });
    const playing = await page.getByTestId('video-player').evaluate(async (el) => {
      const video = el as HTMLVideoElement;
      video.muted = true;
      await video.play();
      await new Promise((r) => setTimeout(r, 1500));
      return { time: video.currentTime, error: video.error?.code ?? null, duration: video.duration };
    });
    expect(playing.error).toBeNull();
    expect(playing.time).toBeGreaterThan(0);
    // The page is named by its video, in the tab and in its (visually hidden) heading.
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).not.toBe('Video');
    expect(await page.title()).toBe(`${heading} | ReelPilot`);
    await shot('journey-done-1280');
  });

  it('should download the video', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download Video/ }).click()]);
    const path = await download.path();
    expect(path).toBeTruthy();
    expect(download.suggestedFilename()).toMatch(/\.mp4$/);
  });

  it('should save an edited caption', async () => {
    const caption = page.getByRole('textbox', { name: 'CAPTION' });
    await caption.fill('My own caption #facts');
    await page.getByRole('button', { name: 'Save Caption' }).click();
    await page.getByText('Caption saved').waitFor();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'CAPTION' }).inputValue()).resolves.toBe('My own caption #facts');
    await page.getByText('21 / 2000').waitFor();
  });

  it('should list it on the home page as #1001', async () => {
    await page.goto('/dashboard');
    const card = page.getByTestId('video-card').first();
    await card.getByText('#1001').waitFor();
    await card.click();
    await page.waitForURL(`**${videoUrl}`);
    await page.getByTestId('video-player').waitFor();
  });

  it('should show the home page, Your Videos and the detail page with the video on them to axe at 1280 and 390 px', async () => {
    const violations: string[] = [];
    await page.goto('/dashboard');
    violations.push(...(await sweep('/dashboard', () => page.getByTestId('video-card').first().getByText('#1001').waitFor())));
    await page.goto('/dashboard/view');
    violations.push(...(await sweep('/dashboard/view', () => page.getByTestId('video-card').first().waitFor())));
    await page.goto(videoUrl);
    violations.push(...(await sweep(videoUrl, () => page.getByTestId('video-player').waitFor())));
    expect(violations).toEqual([]);
  });

  it('should link a sandbox YouTube account and pay for a plan through the checkout simulator', async () => {
    await page.goto('/dashboard/account');
    await page.getByTestId('social-youtube').getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL(/\/sandbox\/connect\/youtube\?state=/);
    await page.getByLabel('Sandbox account name').fill('Ada Channel');
    // From the click: the page drops `?linked=` from its address once it has shown the toast.
    await Promise.all([page.waitForURL(/\/dashboard\/account\?linked=youtube/, { waitUntil: 'commit' }), page.getByRole('button', { name: 'Allow' }).click()]);
    await page.getByText('YouTube connected successfully').first().waitFor();
    await page.getByTestId('social-youtube').getByText('Ada Channel').waitFor();

    await page.goto('/dashboard/billing');
    await page.getByTestId('plan-DAILY').getByRole('button', { name: 'Choose Daily' }).click();
    await page.waitForURL(/\/billing\/checkout\/cs_local_/);
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    await page.waitForURL(/\/dashboard\/billing$/);
    await page.getByTestId('current-plan').getByText('Renews on').waitFor({ timeout: 10_000 });
  });

  it('should show the autopilot form, filled in, to axe at 1280 and 390 px', async () => {
    await page.goto('/dashboard/create');
    await page.getByText('Fun Facts', { exact: true }).click();
    await page.getByRole('button', { name: /Next/ }).click();
    // The optional "Use my own media" step (issue 18).
    await page.getByRole('button', { name: /Skip/ }).click();
    await page.getByText('Brian', { exact: true }).click();
    await page.getByText('Anime', { exact: true }).click();
    await page.getByRole('switch', { name: 'Post automatically on a schedule' }).click();
    await page.getByLabel('Series name').fill('Owls at night');
    await page.getByTestId('autopilot-youtube').getByText('Connected as Ada Channel').waitFor();
    const violations: string[] = [];
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      violations.push(...(await seriousViolations(page)).map((v) => `/dashboard/create (autopilot) at ${width}: ${v}`));
      await shot(`dashboard-create-autopilot-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(violations).toEqual([]);
  });

  it('should render every dashboard page at 1280 px and 390 px', async () => {
    const errors: string[] = [];
    const violations: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      for (const path of PAGES) {
        await page.goto(path);
        await page.locator('h1').first().waitFor().catch(async (error: unknown) => {
          await shot(`failed-${path.slice(1).replace(/\//g, '-')}-${width}`);
          throw error;
        });
        await page.waitForLoadState('networkidle');
        expect(`${path}: ${await page.title()}`).toBe(`${path}: ${PAGE_TITLES[path]} | ReelPilot`);
        await shot(`${path.slice(1).replace(/\//g, '-')}-${width}`);
        violations.push(...(await seriousViolations(page)).map((v) => `${path} at ${width}: ${v}`));
      }
    }
    // No serious or critical WCAG 2.2 A/AA violation on any dashboard page, with the creator's data on
    // it: the video and its series, the linked account, the paid plan, the analytics of it all.
    expect(violations).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Billing' }).first().waitFor();
    await page.waitForTimeout(500); // drawer slide-in
    await shot('dashboard-drawer-390');
    expect(errors).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("should open it from its card before the app has taken the page over (a slow phone's tap)", async () => {
    const early = await context.newPage();
    const code = await holdAppCode(early);
    await early.goto('/dashboard');
    // The card's own text, not its title link: the whole card is the link, with or without the app.
    const card = early.getByTestId('video-card').first();
    const box = (await card.boundingBox())!;
    await early.mouse.click(box.x + box.width / 2, box.y + box.height * 0.62);
    await early.waitForURL(`**${videoUrl}`);
    await code.release();
    await early.close();
  });

  it('should delete it and go back', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('video-card').first().click();
    await page.waitForURL(`**${videoUrl}`);
    await page.getByTestId('video-player').waitFor();
    await page.getByRole('button', { name: 'Delete video' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText("You haven't created any videos yet.").waitFor();
  });
});

it('should have met the content security policy on every page it opened', () => {
  expect(CSP_VIOLATIONS).toEqual([]);
});
