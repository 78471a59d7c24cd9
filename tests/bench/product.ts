import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import WebSocket from 'ws';
import { freePort, startService, waitForHttp } from '../support/processes';

/**
 * The embedded product as `npm start` runs it (its own process, built), on a fresh data directory,
 * listening on loopback; `env` adds to or overrides its settings (the engines' URLs, limits).
 * `inspect` names a loopback port for its inspector, which `heapAfterCollection` opens when first
 * asked (SIGUSR1): an inspector open from the start slows the product (eight sign-ups at once
 * measured 1.5x one at a time with it, 1.96x without).
 */
export async function startEmbeddedProduct(name: string, env: Record<string, string> = {}, { inspect = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const settings = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', ...env };
  const inspectPort = inspect ? await freePort() : null;
  let inspectorOpen: Promise<void> | null = null;
  const product = startService(name, 'gateway', settings, 'main.ts', 'built', inspectPort === null ? [] : [`--inspect-port=127.0.0.1:${inspectPort}`]);
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
    /** Bytes of JavaScript heap the product's process holds right after a full collection (started with `inspect`). */
    heapAfterCollection: async () => {
      if (inspectPort === null) throw new Error(`${name} was started without its inspector`);
      // Opened once, by the first to ask; every later ask waits for the same opening.
      inspectorOpen ??= (async () => {
        product.child.kill('SIGUSR1');
        await waitForHttp(`http://127.0.0.1:${inspectPort}`, '/json/list', 10_000);
      })();
      await inspectorOpen;
      return heapAfterCollection(inspectPort);
    },
    async stop() {
      await product.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A process's JavaScript heap in use right after a full collection, asked over its inspector (the
 * DevTools protocol): what it holds, without the garbage a reading of its memory between two
 * collections would count.
 */
async function heapAfterCollection(inspectPort: number): Promise<number> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await once(socket, 'open');
  let lastId = 0;
  const call = <T>(method: string) => new Promise<T>((resolve, reject) => {
    const id = ++lastId;
    const answer = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: T; error?: { message: string } };
      if (message.id !== id) return;
      socket.off('message', answer);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result as T);
    };
    socket.on('message', answer);
    socket.send(JSON.stringify({ id, method }));
  });
  try {
    await call('HeapProfiler.collectGarbage');
    return (await call<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
  } finally {
    socket.close();
  }
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
