/**
 * What a phone downloads (issue 21): the JavaScript each route transfers over the wire (the
 * encoded bytes, as the server sends them: brotli for a browser that takes it), each route opened
 * cold in a fresh browser context against the embedded product.
 * Targets: `/` <= 90 KB, `/login` <= 120 KB, dashboard routes <= 250 KB.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startEmbeddedServer } from '../support/embedded-server';
import type { BenchRow } from './stores';

const VIDEO = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'anime', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English' };

/** Encoded JavaScript bytes a route transfers, opened cold (with the token in storage when signed in). */
async function transferredJs(browser: Browser, url: string, token: string | null): Promise<number> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  if (token) await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  const page = await context.newPage();
  const sizes: Array<Promise<number>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  const path = new URL(url).pathname;
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('#root *').first().waitFor();
  const total = (await Promise.all(sizes)).reduce((sum, n) => sum + n, 0);
  await context.close();
  return total;
}

export async function benchWeb(): Promise<BenchRow[]> {
  const server = await startEmbeddedServer();
  const browser = await launchBrowser();
  try {
    const post = (path: string, body: unknown, token?: string) => fetch(`${server.url}${path}`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, string>>);
    const { token } = await post('/api/auth/register', { name: 'Bench Phone', email: `bench-${Date.now()}@example.com`, password: 'secret1!' });
    const { videoId } = await post('/api/generate-video', VIDEO, token);
    const routes: Array<[string, string, boolean, number]> = [
      ['/', '/', false, 90],
      ['/login', '/login', false, 120],
      ['/dashboard', '/dashboard', true, 250],
      ['/dashboard/create', '/dashboard/create', true, 250],
      ['/dashboard/view/:id', `/dashboard/view/${videoId}`, true, 250],
    ];
    const rows: BenchRow[] = [];
    for (const [name, path, signedIn, target] of routes) {
      const bytes = await transferredJs(browser, `${server.url}${path}`, signedIn ? token : null);
      rows.push({ name: `JavaScript transferred (brotli), ${name}`, value: Math.round(bytes / 102.4) / 10, unit: 'KB', target: `<= ${target}` });
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}
