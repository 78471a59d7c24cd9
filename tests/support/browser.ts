/**
 * Launch the machine's Debian chromium through playwright-core (no browser download; machine notes).
 * `const browser = await launchBrowser(); const page = await newPage(browser, server.url, 'desktop');`
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

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

/**
 * What the content security policy refused in the pages of every context this test file opened
 * (Chromium reports each refusal on the console): the browser tests assert there is none, so the
 * policy stays strict and the product keeps working under it.
 */
export const CSP_VIOLATIONS: string[] = [];

export async function newContext(browser: Browser, baseURL: string, viewport: ViewportName = 'desktop', options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    reducedMotion: 'reduce',
    ...options,
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) CSP_VIOLATIONS.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  return context;
}

export async function newPage(browser: Browser, baseURL: string, viewport: ViewportName = 'desktop'): Promise<Page> {
  const context = await newContext(browser, baseURL, viewport);
  return context.newPage();
}

/**
 * Once the app has taken the page over (web/src/app/provider.tsx marks the root `data-app="live"`):
 * until then a signed-in page's skeleton is inert, a tap on a page's HTML is only held for the app,
 * and the app's code is asked for only once the page is on the screen.
 */
export async function appTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById('root')?.getAttribute('data-app') === 'live');
}

/** Sign in through the login page, as a creator does, and land on the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * Holds back the app's code on the next page this `page` opens (every script but the page's first,
 * which it names in its HTML), as a slow phone would, until `release()`: the visitor meanwhile has
 * the prerendered page only.
 */
export async function holdAppCode(page: Page): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  let entry: string | null = null;
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() === 'document') {
      const response = await route.fetch();
      entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(await response.text())?.[1] ?? null;
      return route.fulfill({ response });
    }
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js') && path !== entry) await released;
    return route.fallback();
  });
  return {
    release: async () => open(),
  };
}
