/**
 * The analyst's journey through /dashboard/analytics in a real browser, against the real product
 * on embedded defaults: the overview charts, the event explorer (filters, details, a stream's
 * history, the live tail, the export) and the projections with a rebuild. Screenshots of each
 * view at 1280 and 390 px go to tests/artifacts/screenshots/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import request from 'supertest';
import type { Browser, Page } from 'playwright-core';
import { CSP_VIOLATIONS, launchBrowser, newPage, signIn, type ViewportName } from '../support/browser';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

jest.setTimeout(300_000);

const SHOTS = resolve(__dirname, '../artifacts/screenshots');
const PASSWORD = 'Secret1!x';
const aVideo = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'comic', voiceid: 'XrExE9yKIg1WjnnlVkGX', aspectRatio: '9:16', language: 'English' };

let server: TestServer;
let browser: Browser;
let creatorToken: string;
let videoId: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startEmbeddedServer({ env: { ANALYST_EMAILS: 'ana@example.com', PROJECTOR_STATUS_INTERVAL_MS: '500' } });
  browser = await launchBrowser();
  creatorToken = (await request(server.url).post('/api/auth/register').send({ name: 'Ada Creator', email: 'ada@example.com', password: PASSWORD }).expect(201)).body.token;
  await request(server.url).post('/api/auth/register').send({ name: 'Ana Lyst', email: 'ana@example.com', password: PASSWORD }).expect(201);
  videoId = (await request(server.url).post('/api/generate-video').set('authorization', `Bearer ${creatorToken}`).send(aVideo).expect(201)).body.videoId;
  const deadline = Date.now() + 200_000;
  while (Date.now() < deadline) {
    const status = (await request(server.url).get(`/api/video/status/${videoId}`).set('authorization', `Bearer ${creatorToken}`)).body.status;
    if (status === 'done' || status === 'failed') break;
    await new Promise((r) => setTimeout(r, 500));
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each<ViewportName>(['desktop', 'mobile'])('An analyst on %s', (viewport) => {
  const width = viewport === 'desktop' ? 1280 : 390;
  let page: Page;
  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `analytics-${name}-${width}.png`), fullPage: true });

  beforeAll(async () => {
    page = await newPage(browser, server.url, viewport);
    await signIn(page, 'ana@example.com', PASSWORD);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('should open Analytics from the sidebar and see the overview charts', async () => {
    if (viewport === 'mobile') {
      await page.getByRole('button', { name: 'Open menu' }).click();
    }
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await page.waitForURL('**/dashboard/analytics');
    await page.getByText('Videos requested').waitFor();
    await page.locator('.recharts-surface').first().waitFor({ timeout: 15_000 });
    expect(await page.getByText('Sign-ups').isVisible()).toBe(true);
    await shot('overview');
  });

  it('should filter the log, open an event and step through its stream', async () => {
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.getByLabel('Stream').fill(`video-${videoId}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('cell', { name: 'VideoRequested' }).waitFor();
    await shot('events');
    await page.getByRole('cell', { name: 'VideoRendered' }).click();
    await page.getByText('Correlation:').waitFor();
    await page.getByRole('tab', { name: 'Stream history' }).click();
    await page.getByTestId('stream-state').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="stream-state"]')?.textContent?.includes('"done"'));
    // Step back to the first event: the state the command side saw then.
    await page.getByRole('slider').focus();
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('[data-testid="stream-state"]')?.textContent?.includes('"requested"'));
    await shot('stream');
    await page.locator('.ant-drawer-open .ant-drawer-close').last().click();
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' }).catch(() => undefined);
    await page.getByRole('switch', { name: 'Live tail' }).waitFor();
  });

  it('should follow the log live and export what the filter shows', async () => {
    await page.getByRole('switch', { name: 'Live tail' }).click();
    await page.getByText('Waiting for new events…').waitFor();
    await request(server.url).post(`/api/video/${videoId}/caption`).set('authorization', `Bearer ${creatorToken}`).send({ description: `Live from ${viewport}` }).expect(200);
    await page.getByRole('cell', { name: 'CaptionEdited' }).first().waitFor({ timeout: 15_000 });
    await shot('live');
    await page.getByRole('switch', { name: 'Live tail' }).click();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export NDJSON' }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { streamId: string });
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.every((e) => e.streamId === `video-${videoId}`)).toBe(true);
  });

  it('should rebuild a read model and see it live again with the time of the rebuild', async () => {
    await page.getByRole('tab', { name: 'Projections' }).click();
    const row = page.getByRole('row', { name: /video-detail/ });
    await row.waitFor();
    await page.getByRole('button', { name: 'Rebuild video-detail' }).click();
    await page.getByText('Rebuild started').waitFor();
    await row.getByText('never').waitFor({ state: 'detached', timeout: 60_000 }).catch(() => undefined);
    await page.waitForFunction(() => Array.from(document.querySelectorAll('tr')).some((tr) => tr.textContent?.includes('video-detail') && tr.textContent.includes('live') && !tr.textContent.includes('never')), undefined, { timeout: 60_000 });
    await shot('projections');
  });

  it('should read the bus lag, its table scrolling on its own rather than the page', async () => {
    await page.getByRole('tab', { name: 'Bus lag' }).click();
    await page.getByRole('cell', { name: 'render-workers' }).waitFor();
    // Against the device's width: a phone's window widens to what overflows it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot('bus-lag');
  });

  it('should line up the filters: the category select as tall as the text fields, their labels level', async () => {
    await page.getByRole('tab', { name: 'Events' }).click();
    const box = async (label: string) => (await page.getByLabel(label, { exact: true }).boundingBox())!;
    const [category, type] = [await box('Category'), await box('Type')];
    expect(Math.round(category.height)).toBe(Math.round(type.height));
    expect(Math.round(category.y)).toBe(Math.round(type.y));
  });
});

describe('A creator', () => {
  it('should not see Analytics, and get the 404 page at its URL', async () => {
    const page = await newPage(browser, server.url, 'desktop');
    await signIn(page, 'ada@example.com', PASSWORD);
    expect(await page.getByRole('link', { name: 'Analytics' }).count()).toBe(0);
    await page.goto('/dashboard/analytics');
    await page.getByText('404 Page Not Found').waitFor();
    await page.context().close();
  });
});

it('should have met the content security policy on every page it opened', () => {
  expect(CSP_VIOLATIONS).toEqual([]);
});
