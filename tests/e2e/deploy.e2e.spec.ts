/**
 * A tab left open across a deploy: the build it runs names chunks the server no longer has. The
 * server answers a missing chunk with a plain 404 (not the app's page), the app loads the page
 * again once to pick up the new build, and a chunk missing from that build too shows the route's
 * error, with its "Reload page", instead of reloading for ever.
 */
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

const PASSWORD = 'Secret1!x';
/** A copy of the built app, so that this test can take a chunk away and put it back. */
const webDist = mkdtempSync(join(tmpdir(), 'web-deploy-'));

let server: TestServer;
let browser: Browser;
let page: Page;

/** The files of the chunk that holds a route's module, with its compressed copies. */
function chunkFilesOf(module: string): string[] {
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const moduleChunks = JSON.parse(readFileSync(join(webDist, '.vite', 'module-chunks.json'), 'utf8')) as Record<string, string>;
  const file = manifest[module]?.file ?? moduleChunks[module];
  if (!file) throw new Error(`no chunk for ${module}`);
  return [file, `${file}.br`, `${file}.gz`];
}

beforeAll(async () => {
  // A copy of the built app, a server and a browser: more than jest's 5 s default on a busy 2-core machine.
  cpSync(resolve(__dirname, '../../web/dist'), webDist, { recursive: true });
  server = await startEmbeddedServer({ render: false, webDist });
  browser = await launchBrowser();
  const email = `deploy-${Date.now()}@example.com`;
  await request(server.url).post('/api/auth/register').send({ name: 'Dee Ploy', email, password: PASSWORD }).expect(201);
  page = await newPage(browser, server.url);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { level: 1 }).waitFor();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(webDist, { recursive: true, force: true });
});

describe('When a tab is left open across a deploy', () => {
  const billing = () => chunkFilesOf('src/app/routes/dashboard/billing.tsx');
  const gone = (file: string) => `${file}.gone`;

  it('should answer a chunk the server no longer has with a plain 404', async () => {
    const [script] = billing();
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    // The Billing page's chunk is one this tab has not loaded yet.
    expect(loaded).not.toContain(`/${script}`);
    for (const file of billing()) renameSync(join(webDist, file), join(webDist, gone(file)));
    const answer = await request(server.url).get(`/${script}`);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('should load the page again once when it fails to load the chunk, then show the error (the chunk is missing from this build too)', async () => {
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.getByRole('link', { name: 'Billing' }).first().click();
    await page.getByRole('heading', { name: 'Something went wrong.' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard/billing');
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('reload');
    // Once: the reloaded page met the same missing chunk and showed it.
    await page.waitForTimeout(1500);
    expect(loads).toBe(1);
    await page.getByRole('heading', { name: 'Something went wrong.' }).waitFor();
  });

  it('should open the page once the chunk is served again and the visitor reloads', async () => {
    for (const file of billing()) renameSync(join(webDist, gone(file)), join(webDist, file));
    await page.getByRole('button', { name: 'Reload page' }).click();
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
  });
});
