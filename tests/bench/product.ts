import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { freePort, startService, waitForHttp } from '../support/processes';

/**
 * The embedded product as `npm start` runs it (its own process, built), on a fresh data directory,
 * listening on loopback; `env` adds to or overrides its settings (the engines' URLs, limits).
 */
export async function startEmbeddedProduct(name: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const product = startService(name, 'gateway', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', ...env });
  try {
    await waitForHttp(url);
  } catch (error) {
    await product.kill('SIGTERM');
    throw error;
  }
  return {
    url,
    /** The product's own process (its render workers are a child of it). */
    pid: product.child.pid!,
    async stop() {
      await product.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** autocannon as a promise: one bounded load run, after an unmeasured warm-up when asked (autocannon's own option, missing from its types). */
export const runLoad = (options: autocannon.Options & { warmup?: { connections: number; duration: number } }) => new Promise<Result>((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));

/** A JSON POST to the product, as a signed-in creator when `token` is given; its JSON answer. */
export async function postJson<T = Record<string, string>>(url: string, path: string, body: unknown, token?: string): Promise<T> {
  const answer = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return (await answer.json()) as T;
}

/** The 30 s video the benches ask for, and a series of it. */
export const A_VIDEO = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'pixel', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English' };
export const A_SERIES = { ...A_VIDEO, name: 'Owl facts', platforms: [], schedule: { timeZone: 'Europe/Paris' } };
