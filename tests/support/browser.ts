/**
 * Launch the machine's Debian chromium through playwright-core (no browser download; machine notes).
 * `const browser = await launchBrowser(); const page = await newPage(browser, server.url, 'desktop');`
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function newContext(browser: Browser, baseURL: string, viewport: ViewportName = 'desktop'): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    reducedMotion: 'reduce',
  });
}

export async function newPage(browser: Browser, baseURL: string, viewport: ViewportName = 'desktop'): Promise<Page> {
  const context = await newContext(browser, baseURL, viewport);
  return context.newPage();
}
