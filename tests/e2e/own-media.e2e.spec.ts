/**
 * The creator's own media in a real browser against the real product on embedded defaults (issue
 * 18): a creator uploads a clip and an image in the Library (files made here by ffmpeg: a red clip
 * with a tone, a landscape blue picture), picks both in the create wizard's "Use my own media" step
 * (the picture letterboxed), makes the shortest video, and sees them in the rendered video's frames
 * at those scenes' times; on the storyboard, another scene takes the clip and gives it back.
 * Screenshots at 1280 px and 390 px go to tests/artifacts/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { colourAt } from '@app/render-workers/testing';
import { seriousViolations } from '../support/a11y';
import { CSP_VIOLATIONS, launchBrowser, newContext } from '../support/browser';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

jest.setTimeout(600_000);

const SHOTS = resolve(__dirname, '../artifacts/screenshots');
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);
let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

type Scene = { start: number | null; end: number | null; media?: { mediaId: string; kind: string; fit: string } | null };
type Detail = { status: string; streamUrl: string | null; studio: { scenes: Scene[] } | null };

async function shot(name: string, target: Page = page) {
  await target.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

function apiCall<T>(path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${window.localStorage.getItem('token') ?? ''}` } });
    return response.json();
  }, path) as Promise<T>;
}

/** The middle of the frame: away from the captions and any bars. */
const MIDDLE = { x: 0.3, y: 0.35, w: 0.4, h: 0.2 };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=640x360:r=25:d=2', '-f', 'lavfi', '-i', 'sine=frequency=880:d=2', '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', join(SHOTS, 'own-media-red-clip.mp4'));
  ffmpeg('-f', 'lavfi', '-i', 'color=c=blue:s=800x600', '-frames:v', '1', join(SHOTS, 'own-media-blue.png'));
  server = await startEmbeddedServer();
  browser = await launchBrowser();
  context = await newContext(browser, server.url, 'desktop');
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('When a creator makes a video with their own clip and image', () => {
  let videoId = '';

  it('should upload a clip and an image to the Library and list them with their thumbnails and lengths', async () => {
    await page.goto('/register');
    await page.getByLabel('Name').fill('Ada Footage');
    await page.getByLabel('Email').fill(`footage-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Secret1!x');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Library' }).first().click();
    await page.getByRole('heading', { name: 'Your Media' }).waitFor();
    await page.getByTestId('media-file-input').setInputFiles([join(SHOTS, 'own-media-red-clip.mp4'), join(SHOTS, 'own-media-blue.png')]);
    await page.getByTestId('media-item').nth(1).waitFor();
    const items = page.getByTestId('media-item');
    await expect(items.filter({ hasText: 'own-media-red-clip.mp4' }).textContent()).resolves.toContain('0:02');
    await expect(items.filter({ hasText: 'own-media-blue.png' }).textContent()).resolves.toContain('800×600');
    await page.getByRole('button', { name: /Make it a video/ }).waitFor();
    // Opened afresh (no sign-up toast on screen) for axe.
    await page.goto('/dashboard/library');
    await page.getByTestId('media-item').nth(1).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot('own-media-library-1280');
    const phone = await (await newContext(browser, server.url, 'mobile')).newPage();
    await phone.addInitScript((token) => window.localStorage.setItem('token', token), (await page.evaluate(() => window.localStorage.getItem('token')))!);
    await phone.goto('/dashboard/library');
    await phone.getByTestId('media-item').nth(1).waitFor();
    await shot('own-media-library-390', phone);
    await phone.context().close();
  });

  it('should pick them in the wizard, in order, the picture letterboxed, and make the video', async () => {
    await page.getByRole('link', { name: 'Create' }).first().click();
    await page.getByText('Fun Facts', { exact: true }).click();
    await page.getByRole('button', { name: /Next/ }).click();
    await page.getByRole('heading', { name: 'Use my own media' }).waitFor();
    await page.getByRole('button', { name: /Pick from my library/ }).click();
    await page.getByRole('button', { name: /own-media-red-clip\.mp4/ }).click();
    await page.getByRole('button', { name: /own-media-blue\.png/ }).click();
    await page.getByRole('button', { name: /own-media-blue\.png, number 2/ }).waitFor();
    await page.getByRole('button', { name: 'Use 2 in this order' }).click();
    await page.getByLabel('How own-media-blue.png fills the frame').selectOption('letterbox');
    expect(await page.getByRole('list', { name: 'Your media, in scene order' }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Scene 1own-media-red-clip.mp4'), expect.stringContaining('Scene 2own-media-blue.png'),
    ]);
    await shot('own-media-wizard-1280');
    await page.getByRole('button', { name: /Next/ }).click();
    await page.getByRole('heading', { name: 'Series settings' }).waitFor();
    await page.getByText('Brian', { exact: true }).click();
    await page.getByText('Anime', { exact: true }).click();
    await page.getByLabel('Duration').selectOption({ label: '15 to 30 seconds' });
    await page.getByRole('button', { name: /Create Series/ }).click();
    await page.waitForURL('**/dashboard/view/**');
    videoId = page.url().split('/').pop()!;
    expect(videoId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('should show the clip and the picture in the rendered video at their scenes\' times', async () => {
    await page.getByTestId('video-player').waitFor({ timeout: 300_000 });
    const detail = await apiCall<Detail>(`/api/video/videoid/${videoId}`);
    expect(detail.status).toBe('done');
    const [first, second] = detail.studio!.scenes;
    expect(first.media).toMatchObject({ kind: 'clip', fit: 'crop' });
    expect(second.media).toMatchObject({ kind: 'image', fit: 'letterbox' });
    const video = join(SHOTS, 'own-media-video.mp4');
    writeFileSync(video, Buffer.from(await (await fetch(new URL(detail.streamUrl!, server.url))).arrayBuffer()));
    const red = await colourAt(video, (first.start! + first.end!) / 2, MIDDLE);
    const blue = await colourAt(video, (second.start! + second.end!) / 2, MIDDLE);
    expect(red.r > 180 && red.g < 70 && red.b < 70).toBe(true);
    expect(blue.b > 150 && blue.r < 70 && blue.g < 70).toBe(true);
    for (const [name, scene] of [['own-media-frame-clip', first], ['own-media-frame-image', second]] as const) {
      ffmpeg('-ss', ((scene.start! + scene.end!) / 2).toFixed(2), '-i', video, '-frames:v', '1', join(SHOTS, `${name}.png`));
    }
  });

  it('should put the clip on another scene of the storyboard and give the scene its picture back', async () => {
    const third = page.getByTestId('storyboard-scene').nth(2);
    await third.scrollIntoViewIfNeeded();
    await third.getByRole('button', { name: 'Use my media' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /own-media-red-clip\.mp4/ }).click();
    await page.getByRole('button', { name: 'Use it' }).click();
    await third.getByText(/My clip · crop/).waitFor();
    await page.getByText('You have changes that are not in the video yet.').waitFor();
    await shot('own-media-storyboard-1280');
    const phone = await (await newContext(browser, server.url, 'mobile')).newPage();
    await phone.addInitScript((token) => window.localStorage.setItem('token', token), (await page.evaluate(() => window.localStorage.getItem('token')))!);
    await phone.goto(`/dashboard/view/${videoId}`);
    await phone.getByTestId('storyboard-scene').nth(2).getByText(/My clip · crop/).waitFor();
    await shot('own-media-storyboard-390', phone);
    await phone.context().close();
    await third.getByRole('button', { name: 'Use the picture again' }).click();
    await third.getByRole('button', { name: 'Use my media' }).waitFor();
    await page.getByText('Showing version 1.').waitFor();
    expect(CSP_VIOLATIONS).toEqual([]);
  });
});
