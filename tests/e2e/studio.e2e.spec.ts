/**
 * The studio in a real browser against the real product on embedded defaults (issue 17): a
 * creator changes the caption preset and position, turns the music down, edits one scene's line,
 * re-renders while the first version keeps playing, then watches the new version. Screenshots of
 * the storyboard at 1280 px and 390 px and a frame of each version go to tests/artifacts/screenshots/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_MEDIA_TOOLS, run } from '@app/render-workers/testing';
import { seriousViolations } from '../support/a11y';
import { CSP_VIOLATIONS, launchBrowser, newContext } from '../support/browser';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

jest.setTimeout(600_000);

const SHOTS = resolve(__dirname, '../artifacts/screenshots');
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function shot(name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A call of the API with the signed-in creator's token, from the page (as the app makes them). */
function apiCall<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(async ({ path, init }) => {
    const token = window.localStorage.getItem('token') ?? '';
    const response = await fetch(path, { method: init.method ?? 'GET', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    return response.json();
  }, { path, init }) as Promise<T>;
}

/** The frame at `seconds` of the version on show (its signed URL needs no session), saved beside the screenshots. */
async function saveFrame(streamUrl: string, seconds: number, name: string) {
  const video = join(SHOTS, `${name}.mp4`);
  writeFileSync(video, Buffer.from(await (await fetch(new URL(streamUrl, server.url))).arrayBuffer()));
  await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-y', '-ss', seconds.toFixed(2), '-i', video, '-frames:v', '1', join(SHOTS, `${name}.png`)]);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startEmbeddedServer();
  browser = await launchBrowser();
  context = await newContext(browser, server.url, 'desktop');
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('When a creator edits a finished video in the studio', () => {
  let videoId = '';
  type Detail = { streamUrl: string; studio: { currentVersion: number; scenes: Array<{ start: number | null }> } };

  it('should open a finished video with its storyboard', async () => {
    await page.goto('/register');
    await page.getByLabel('Name').fill('Grace Studio');
    await page.getByLabel('Email').fill(`studio-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Secret1!x');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    ({ videoId } = await apiCall<{ videoId: string }>('/api/generate-video', {
      method: 'POST', body: { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'anime', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English' },
    }));
    await page.goto(`/dashboard/view/${videoId}`);
    await page.getByTestId('video-player').waitFor({ timeout: 300_000 });
    await page.getByRole('heading', { name: 'Studio' }).waitFor();
    const scenes = page.getByTestId('storyboard-scene');
    await scenes.first().locator('img').waitFor();
    expect(await scenes.count()).toBeGreaterThan(2);
    await page.getByText('Showing version 1.').waitFor();
    await shot('studio-storyboard-1280');
  });

  it('should change the caption preset and position, turn the music down and edit a line, then re-render', async () => {
    const before = await apiCall<Detail>(`/api/video/videoid/${videoId}`);
    await saveFrame(before.streamUrl, 2, 'studio-frame-v1');

    await page.getByRole('tab', { name: 'Captions' }).click();
    await page.getByRole('radio', { name: /Boxed karaoke/ }).click();
    await page.getByRole('radio', { name: /Boxed karaoke/ }).and(page.locator('[aria-checked="true"]')).waitFor();
    await page.getByText('Top', { exact: true }).click();
    await page.getByText('You have changes that are not in the video yet.').waitFor();
    await shot('studio-captions-1280');

    await page.getByRole('tab', { name: 'Sound' }).click();
    const slider = page.locator('.ant-slider-handle').first();
    await slider.focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Tab');
    await page.getByText('MUSIC VOLUME · no music').waitFor();

    await page.getByRole('tab', { name: 'Storyboard' }).click();
    const line = page.getByLabel('Scene 1 narration');
    await line.fill('Owls can turn their heads almost all the way around.');
    await page.getByRole('button', { name: 'Save line' }).click();
    await page.getByRole('button', { name: 'Save line' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /Re-render as version 2/ }).click();
    await page.getByText(/Rendering version 2/).first().waitFor();
    // The first version keeps playing while the second renders.
    await page.getByTestId('video-player').waitFor();
    await shot('studio-rerendering-1280');
  });

  it('should play the new version once it is done, with the edited line and the new captions', async () => {
    await page.getByText('Showing version 2.').waitFor({ timeout: 300_000 });
    const after = await apiCall<Detail & { narrationScript: string[] }>(`/api/video/videoid/${videoId}`);
    expect(after.studio.currentVersion).toBe(2);
    expect(after.narrationScript[0]).toBe('Owls can turn their heads almost all the way around.');
    await page.waitForFunction(() => (document.querySelector('[data-testid="video-player"]') as HTMLVideoElement | null)?.src.includes('&v=2'));
    const playing = await page.getByTestId('video-player').evaluate(async (el) => {
      const video = el as HTMLVideoElement;
      video.muted = true;
      await video.play();
      await new Promise((r) => setTimeout(r, 1500));
      return { time: video.currentTime, error: video.error?.code ?? null };
    });
    expect(playing.error).toBeNull();
    expect(playing.time).toBeGreaterThan(0);
    await saveFrame(after.streamUrl, 2, 'studio-frame-v2');
    await page.getByRole('tab', { name: /Versions/ }).click();
    await page.getByRole('button', { name: 'Restore' }).waitFor();
    await shot('studio-versions-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Captions' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('should lay the storyboard out for a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { name: 'Studio' }).waitFor();
    await page.getByTestId('storyboard-scene').first().locator('img').waitFor();
    await shot('studio-storyboard-390');
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // Nor inside a card: its time span, narration box and subject picker stay within its right edge.
    const spills = await page.getByTestId('storyboard-scene').evaluateAll((cards) => cards.flatMap((card, i) => {
      const edge = card.getBoundingClientRect().right;
      return Array.from(card.querySelectorAll('*'))
        .filter((el) => el.getBoundingClientRect().right > edge + 1)
        .map((el) => `scene ${i + 1}: ${el.tagName.toLowerCase()}${Array.from(el.classList, (c) => `.${c}`).join('')}`);
    }));
    expect(spills).toEqual([]);
    expect(CSP_VIOLATIONS).toEqual([]);
  });
});
