/**
 * A creator who uses only the keyboard, in a real browser against the real product on embedded
 * defaults (issue 21): signs up from the landing page, creates a series (which makes its first
 * video), watches it render, edits its caption and signs out, with Tab, Space and Enter alone. At
 * every stop on the way the focus must be visible (tests/support/keyboard.ts says how that is
 * judged); screenshots of a few focused stops go to tests/artifacts/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CSP_VIOLATIONS, appTakenOver, launchBrowser, newPage } from '../support/browser';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';
import { focusedName, tabTo } from '../support/keyboard';

jest.setTimeout(600_000);

const SHOTS = resolve(__dirname, '../artifacts/screenshots');
let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startEmbeddedServer();
  browser = await launchBrowser();
  page = await newPage(browser, server.url, 'desktop');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('When a creator uses only the keyboard', () => {
  const unseen: string[] = [];
  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `keyboard-${name}.png`) });

  it('should sign up from the landing page', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    unseen.push(...(await tabTo(page, /^Sign Up$/)));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    unseen.push(...(await tabTo(page, /^Name/)));
    await page.keyboard.type('Kay Board');
    unseen.push(...(await tabTo(page, /^Email/)));
    await page.keyboard.type(`keyboard-${Date.now()}@example.com`);
    unseen.push(...(await tabTo(page, /^Password/)));
    await page.keyboard.type('Secret1!x');
    await shot('register');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    // A page reached inside the app is named in the tab and read out, as a page the browser loads is.
    await page.waitForFunction((name) => document.title === name && document.getElementById('page-announcer')?.textContent === name, 'Dashboard | ReelPilot');
  });

  it('should create a series, whose first video starts rendering', async () => {
    unseen.push(...(await tabTo(page, /^Create$/)));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Create A Series' }).waitFor();
    await page.waitForFunction((name) => document.getElementById('page-announcer')?.textContent === name, 'Create A Series | ReelPilot');
    unseen.push(...(await tabTo(page, /^Fun Facts/)));
    await page.keyboard.press('Space');
    await shot('topic');
    unseen.push(...(await tabTo(page, /^Next/)));
    await page.keyboard.press('Enter');
    // The optional "Use my own media" step (issue 18), skipped from the keyboard.
    await page.getByRole('heading', { name: 'Use my own media' }).waitFor();
    unseen.push(...(await tabTo(page, /^Skip/)));
    await page.keyboard.press('Enter');
    unseen.push(...(await tabTo(page, /^Brian/)));
    await page.keyboard.press('Space');
    unseen.push(...(await tabTo(page, /^Anime/)));
    await page.keyboard.press('Space');
    unseen.push(...(await tabTo(page, /^Create Series$/)));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/view/**');
    // The render's progress is announced to screen readers as it changes.
    await page.locator('[role="status"][aria-live="polite"]').first().waitFor();
  });

  it('should play the finished video and save an edited caption', async () => {
    await page.getByTestId('video-player').waitFor({ timeout: 300_000 });
    unseen.push(...(await tabTo(page, /^CAPTION/i)));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Typed without a mouse #keyboard');
    unseen.push(...(await tabTo(page, /^Save Caption$/)));
    await shot('save-caption');
    await page.keyboard.press('Enter');
    await page.getByText('Caption saved').first().waitFor();
    await page.reload();
    await page.locator('#video-caption').waitFor();
    await appTakenOver(page);
    expect(await page.locator('#video-caption').inputValue()).toBe('Typed without a mouse #keyboard');
  });

  it('should sign out', async () => {
    await page.locator('#video-caption').focus();
    // Logout is in the header, above the page: back up to it rather than through the whole storyboard.
    unseen.push(...(await tabTo(page, /^Logout$/, 80, 'backwards')));
    expect(await focusedName(page)).toBe('Logout');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });

  it('should have shown where the focus was at every stop', () => {
    expect(unseen).toEqual([]);
  });

  it('should have met the content security policy on every page it opened', () => {
    expect(CSP_VIOLATIONS).toEqual([]);
  });
});
