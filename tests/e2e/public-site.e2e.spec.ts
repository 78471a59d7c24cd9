/**
 * The public site and the sign-in screens in a real browser against the real product on embedded defaults.
 * Needs the built web app (`npm run build -w web`) and chromium at /usr/bin/chromium.
 * Screenshots of each public page at 1280 px and 390 px go to tests/artifacts/screenshots/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/a11y';
import { eventually } from '../support/eventually';
import { CSP_VIOLATIONS, holdAppCode, launchBrowser, newContext, newPage, type ViewportName } from '../support/browser';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

jest.setTimeout(300_000);

const SHOTS = resolve(__dirname, '../artifacts/screenshots');
const PUBLIC_PAGES: { path: string; name: string; heading: RegExp | string }[] = [
  { path: '/', name: 'landing', heading: /Viral Faceless Videos on/ },
  { path: '/login', name: 'login', heading: 'Welcome back' },
  { path: '/register', name: 'register', heading: 'Create your account' },
  { path: '/privacy', name: 'privacy', heading: 'Privacy Policy' },
  { path: '/terms', name: 'terms', heading: 'Terms of Service' },
  { path: '/forgotpassword', name: 'forgot-password', heading: 'Forgot password' },
  { path: '/reset-password/some-token', name: 'reset-password', heading: 'Reset password' },
  { path: '/no-such-page', name: 'not-found', heading: '404 Page Not Found' },
];

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startEmbeddedServer({ render: false });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(viewport: ViewportName = 'desktop'): Promise<Page> {
  return newPage(browser, server.url, viewport);
}

async function mailbox(): Promise<Mail[]> {
  const res = await fetch(`${server.url}/dev/mailbox/messages`);
  const body = (await res.json()) as Mail[] | { messages: Mail[] };
  return Array.isArray(body) ? body : body.messages;
}

async function waitForMail(to: string): Promise<Mail> {
  for (let i = 0; i < 50; i++) {
    const mail = (await mailbox()).filter((m) => m.to === to || m.to?.includes(to)).pop();
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail for ${to}`);
}

async function register(page: Page, email: string, password = 'Secret1!x') {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /create account/i }).click();
  await page.waitForURL('**/dashboard');
}

describe('Public pages', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`should render every public route at ${viewport === 'desktop' ? 1280 : 390} px`, async () => {
      const page = await open(viewport);
      const violations: string[] = [];
      for (const p of PUBLIC_PAGES) {
        await page.goto(p.path);
        await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(SHOTS, `public-${p.name}-${viewport === 'desktop' ? 1280 : 390}.png`), fullPage: true });
        violations.push(...(await seriousViolations(page)).map((v) => `${p.path}: ${v}`));
      }
      await page.context().close();
      // No serious or critical WCAG 2.2 A/AA violation on any public page.
      expect(violations).toEqual([]);
    });
  }

  it('should paint the demo\'s poster first and start the clip only after the page has loaded, once it is on screen', async () => {
    const page = await open('mobile');
    // The suites' browsers ask for reduced motion (steady screenshots); this visitor does not.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    // Both moments are taken as the browser reports them, in the order it reports them: a
    // clip's own resource-timing entry only appears once its (streamed) download has finished.
    const clip: string[] = [];
    let clipAskedAt: number | null = null;
    let loadedAt: number | null = null;
    page.on('request', (r) => {
      if (!r.url().endsWith('.mp4')) return;
      clip.push(r.url());
      if (r.url().includes('/media/demo') && clipAskedAt === null) clipAskedAt = performance.now();
    });
    page.once('load', () => {
      loadedAt = performance.now();
    });
    await page.goto('/', { waitUntil: 'load' });
    // At 390 px the phone showing the clip is below the fold: nothing plays unseen.
    await page.waitForTimeout(1500);
    expect(clipAskedAt).toBeNull();
    await page.locator('.mk-phone').scrollIntoViewIfNeeded();
    await page.locator('.mk-phone__video').waitFor({ timeout: 15_000 });
    await eventually(async () => clipAskedAt, (at) => at !== null);
    // The clip was asked for only once the page had loaded: its poster was the first paint.
    // The poster came in the smallest format the browser takes (AVIF, made by the build), not the JPEG.
    const posters = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((name) => /\/media\/demo\.(avif|webp|jpg)$/.test(name)));
    expect(posters.map((url) => new URL(url).pathname)).toEqual(['/media/demo.avif']);
    expect(loadedAt).not.toBeNull();
    expect(clipAskedAt!).toBeGreaterThan(loadedAt!);
    // The sample clips below the fold fetch nothing until they play.
    expect(clip.filter((url) => url.includes('/media/sample')).length).toBeLessThanOrEqual(3);
    await page.context().close();
  });

  it('should paint the landing page at 390 px before any script runs, laid out as it is once hydrated', async () => {
    // Where the first screen's parts sit: the header, the heading, the call to action, the poster.
    const layout = (page: Page) =>
      page.evaluate(() =>
        ['.mk-header', '#hero-title', '.mk-hero__actions .btn--primary', '.mk-phone__poster img'].map((selector) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return box ? [selector, Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)] : [selector, 'missing'];
        }),
      );
    // No JavaScript at all: the HTML the build prerendered, with its styles.
    const bare = await (await newContext(browser, server.url, 'mobile', { javaScriptEnabled: false })).newPage();
    await bare.goto('/');
    await bare.getByRole('heading', { level: 1, name: /Viral Faceless Videos on/ }).waitFor();
    await bare.locator('.mk-phone__poster img').evaluate((img: HTMLImageElement) => img.decode());
    const before = await layout(bare);
    await bare.screenshot({ path: join(SHOTS, 'landing-390-no-javascript.png') });
    await bare.context().close();

    // The app has taken the same HTML over: its menu button answers.
    const page = await open('mobile');
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'hidden' });
    await page.locator('.mk-phone__poster img').evaluate((img: HTMLImageElement) => img.decode());
    expect(await layout(page)).toEqual(before);
    expect(before.every((part) => part[1] !== 'missing')).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'landing-390-hydrated.png') });
    await page.context().close();
  });

  it("should paint a reset link's page, and the page of an address outside the app, before any script runs", async () => {
    // No JavaScript at all: what a phone shows while the app is still on its way.
    const bare = await (await newContext(browser, server.url, 'mobile', { javaScriptEnabled: false })).newPage();
    const seen: string[] = [];
    for (const path of ['/reset-password/some-token', '/reset-password', '/no-such-page', '/dashboard/view/abc/more']) {
      const answer = await bare.goto(path);
      seen.push(`${path} ${answer?.status()} ${(await bare.locator('#root').innerText()).split('\n').filter(Boolean).slice(0, 4).join(' | ')} | ${await bare.title()}`);
    }
    expect(seen).toEqual([
      '/reset-password/some-token 200 ReelPilot | Reset password | Choose a new password for your account. | New password | Reset password | ReelPilot',
      '/reset-password 200 ReelPilot | Reset password | Choose a new password for your account. | Error: Token is missing in the URL. | Reset password | ReelPilot',
      '/no-such-page 404 404 Page Not Found | Back to home | Page not found | ReelPilot',
      '/dashboard/view/abc/more 404 404 Page Not Found | Back to home | Page not found | ReelPilot',
    ]);
    await bare.context().close();
    // With the app: it takes the prerendered form over, and the form answers.
    const page = await open('mobile');
    await page.goto('/reset-password/some-token');
    await page.getByLabel('New password', { exact: true }).fill('Secret1!x');
    await page.getByLabel('Confirm password', { exact: true }).fill('Secret1!y');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.context().close();
  });

  it('should not move or play anything by itself for a visitor who asked for reduced motion', async () => {
    const page = await open('desktop');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500);
    expect(await page.locator('.mk-phone__video').count()).toBe(0);
    const track = page.locator('.mk-carousel__track');
    const before = await track.getAttribute('data-index');
    await page.waitForTimeout(6000);
    expect(await track.getAttribute('data-index')).toBe(before);
    await page.getByRole('button', { name: /Play the demo video/ }).click();
    await page.locator('.mk-phone__video').waitFor();
    // Each sample shows its poster (not the browser's dark box of a video with controls) and a play button.
    const firstSample = page.locator('.mk-sample').first();
    await firstSample.scrollIntoViewIfNeeded();
    await firstSample.locator('.mk-sample__poster').evaluate((img: HTMLImageElement) => img.decode());
    expect(await page.locator('.mk-sample video').count()).toBe(0);
    const [title] = (await firstSample.locator('.mk-sample__badge').allTextContents());
    await page.getByRole('button', { name: `Play sample video: ${title}` }).click();
    const video = firstSample.locator('video');
    await video.waitFor();
    expect(await video.evaluate((v: HTMLVideoElement) => v.controls && v.autoplay)).toBe(true);
    await page.context().close();
  });

  it('should give each public page its own title, description and canonical link, before and after its script runs', async () => {
    const indexable = ['/', '/login', '/register', '/privacy', '/terms', '/forgotpassword'];
    const descriptions = new Set<string>();
    const page = await open('desktop');
    for (const path of indexable) {
      // As a crawler or a link-preview bot that runs no JavaScript reads it.
      const html = await (await fetch(new URL(path, server.url))).text();
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? '';
      // Absolute, at the origin it was served at (the build leaves the origin to the server).
      const url = new URL(path, server.url).href;
      expect(html).toContain(`<link rel="canonical" href="${url}" />`);
      expect(html).toContain(`<meta property="og:url" content="${url}" />`);
      expect(html).toContain(`<meta property="og:image" content="${new URL('/media/demo.jpg', server.url).href}" />`);
      expect(/<meta property="og:description" content="([^"]+)"/.exec(html)?.[1]).toBe(description);
      descriptions.add(description);
      // As a visitor's browser keeps it once the app runs: the same words, an absolute canonical URL.
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The heading is in the prerendered HTML: wait for the app to load and take the head over.
      await page.waitForLoadState('networkidle');
      const head = await page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
      }));
      expect(head.title).toBe(/<title>([^<]+)<\/title>/.exec(html)?.[1]);
      expect(head.description).toBe(description);
      expect(head.canonical).toBe(new URL(path, server.url).href);
      expect(head.ogUrl).toBe(head.canonical);
    }
    expect(descriptions.size).toBe(indexable.length);
    // A signed-in or unknown route is nobody's canonical copy.
    const other = await (await fetch(new URL('/dashboard/billing', server.url))).text();
    expect(other).not.toContain('rel="canonical"');
    await page.context().close();
  });

  it('should show the footer links and the copyright line', async () => {
    const page = await open();
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).resolves.toBe('/privacy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).resolves.toBe('/terms');
    await expect(footer.textContent()).resolves.toContain(`© ${new Date().getFullYear()}`);
    await expect(footer.textContent()).resolves.toContain('All rights reserved');
    await page.context().close();
  });
});

describe('The guard', () => {
  it('should send a visitor to /login', async () => {
    const page = await open();
    await page.goto('/dashboard/billing');
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('should open the prerendered sign-in page at once, not the dashboard, and go on where the visitor was going', async () => {
    const email = `guard-${Date.now()}@example.com`;
    const registered = await open();
    await register(registered, email);
    await registered.evaluate(() => localStorage.removeItem('token'));
    // A page of its own, so that the dashboard's first reads, still on their way in the page that registered, are not counted.
    const page = await registered.context().newPage();
    await registered.close();
    const documents: string[] = [];
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
      if (new URL(request.url()).pathname.startsWith('/api/')) reads.push(new URL(request.url()).pathname);
    });
    await page.goto('/dashboard/create');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // The skeleton's script went to /login as a page of its own, asking the API nothing on the way.
    expect(documents).toEqual(['/dashboard/create', '/login']);
    expect(reads).toEqual([]);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Secret1!x');
    await page.getByRole('button', { name: /login/i }).click();
    await page.waitForURL('**/dashboard/create');
    await page.context().close();
  });

  it("should open a video's page for a visitor without a session (not guarded), and bring its owner back to it once logged in", async () => {
    const email = `holder-${Date.now()}@example.com`;
    const page = await open();
    await register(page, email);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const made = await fetch(`${server.url}/api/generate-video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ topic: 'Fun Facts', voiceid: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', language: 'English', duration: 30 }),
    });
    const { videoId } = (await made.json()) as { videoId: string };
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(`/dashboard/view/${videoId}`);
    await page.getByRole('heading', { name: 'Video not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dashboard/view/${videoId}`);
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Secret1!x');
    await page.getByRole('button', { name: /login/i }).click();
    await page.waitForURL(`**/dashboard/view/${videoId}`);
    await page.getByRole('button', { name: 'BACK' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Video not found' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('Sign up and login', () => {
  it('should sign up and land on /dashboard', async () => {
    const page = await open();
    await register(page, `signup-${Date.now()}@example.com`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await page.context().close();
  });

  it('should fetch the dashboard\'s code while the visitor fills in the form, not once signed in', async () => {
    const page = await open();
    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await page.waitForLoadState('networkidle');
    // A visitor who only looks at the page downloads none of it.
    const looked = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => /\/assets\/home-[^/]+\.js$/.test(name)));
    expect(looked).toEqual([]);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(`early-code-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Secret1!x');
    await page.getByRole('button', { name: /create account/i }).click();
    await page.waitForURL('**/dashboard');
    const dashboardCode = asked.findIndex((path) => /^\/assets\/home-[^/]+\.js$/.test(path));
    expect(dashboardCode).toBeGreaterThanOrEqual(0);
    expect(dashboardCode).toBeLessThan(asked.indexOf('/api/auth/register'));
    await page.context().close();
  });

  it('should toast Login Failed for a wrong password', async () => {
    const page = await open();
    await page.goto('/login');
    await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Wrong1!pass');
    await page.getByRole('button', { name: /login/i }).click();
    await page.getByText('Login Failed').waitFor();
    await page.getByText('Invalid email or password. Please try again.').waitFor();
    await page.context().close();
  });
});

describe('Forgot and reset password through the dev mailbox', () => {
  it('should mail a link that resets the password', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const page = await open();
    await register(page, email, 'Secret1!old');
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto('/forgotpassword');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Proceed to Reset Password' }).click();
    await page.getByText("If an account exists for that email, we've sent a reset link. Check your inbox.").waitFor();

    const mail = await waitForMail(email);
    const link = `${mail.text} ${mail.html ?? ''}`.match(/https?:\/\/[^\s"'<>]*\/reset-password\/[^\s"'<>]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await page.getByLabel('New password').fill('Secret1!new');
    await page.getByLabel('Confirm password').fill('Secret1!new');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Password Reset Successful!').waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Secret1!new');
    await page.getByRole('button', { name: /login/i }).click();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });
});

describe('Affiliate referral', () => {
  it('should keep ?fpr= in the fpr cookie for 30 days', async () => {
    const page = await open();
    const before = Date.now() / 1000;
    await page.goto('/?fpr=partner42');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'fpr');
    expect(cookie?.value).toBe('partner42');
    expect(cookie!.expires - before).toBeGreaterThan(2592000 - 60);
    expect(cookie!.expires - before).toBeLessThan(2592000 + 60);
    await page.context().close();
  });
});

describe('The mobile menu at 390 px', () => {
  it('should open the four items and close after choosing one', async () => {
    const page = await open('mobile');
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Pricing', 'FAQ', 'Login', 'Sign Up']) await menu.getByRole('link', { name }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'public-mobile-menu-390.png') });
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => {
      const el = document.getElementById('pricing');
      return el ? Math.abs(el.getBoundingClientRect().top) < 120 : false;
    });
    await page.context().close();
  });
});

describe('A tap before the app has taken the page over (a slow phone)', () => {
  it('should open the menu tapped while the app was still on its way', async () => {
    const page = await open('mobile');
    const code = await holdAppCode(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await code.release();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).waitFor();
    await page.context().close();
  });

  it('should keep a login typed early, never sending it as a URL holding the password', async () => {
    const email = `early-${Date.now()}@example.com`;
    const answer = await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Early Bird', email, password: 'Secret1!x' }) });
    expect(answer.status).toBeLessThan(300);
    const page = await open('mobile');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    const code = await holdAppCode(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Secret1!x');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');
    // Once the app is there, what was typed is what it sends.
    await code.release();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    expect(asked.filter((url) => url.includes('Secret1'))).toEqual([]);
    await page.context().close();
  });
});

it('should have met the content security policy on every page it opened', () => {
  expect(CSP_VIOLATIONS).toEqual([]);
});
