/**
 * The public site and the sign-in screens in a real browser against the real product on embedded defaults.
 * Needs the built web app (`npm run build -w web`) and chromium at /usr/bin/chromium.
 * Screenshots of each public page at 1280 px and 390 px go to tests/artifacts/screenshots/ (git-ignored).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';
import { CSP_VIOLATIONS, launchBrowser, newPage, type ViewportName } from '../support/browser';

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
      for (const p of PUBLIC_PAGES) {
        await page.goto(p.path);
        await page.getByRole('heading', { level: 1, name: p.heading }).waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: join(SHOTS, `public-${p.name}-${viewport === 'desktop' ? 1280 : 390}.png`), fullPage: true });
      }
      await page.context().close();
    });
  }

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
});

describe('Sign up and login', () => {
  it('should sign up and land on /dashboard', async () => {
    const page = await open();
    await register(page, `signup-${Date.now()}@example.com`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
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

it('should have met the content security policy on every page it opened', () => {
  expect(CSP_VIOLATIONS).toEqual([]);
});
