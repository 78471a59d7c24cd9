/**
 * Load on the embedded product (issue 25), with autocannon, loopback only, bounded in time. The
 * product runs as its own process (`gateway/src/main.ts`, as `npm start` does) so the load tool
 * never shares its event loop.
 *
 * - Sign-ups one at a time against eight at once (2 cores: the hashes run in libuv's threads).
 * - Other users' reads (`GET /api/video/stats`) alone, then while 40 failed sign-ins are in
 *   flight from 40 connections (a credential-stuffing burst): their p99 must stay low because
 *   no password hash runs on the event loop.
 * - The same reads while 3 videos render (in the render child process, as `npm start` runs them):
 *   no read may stall past 100 ms.
 * - 1,000 live-status streams (SSE) on one rendering video: all held, each sees `done`; the
 *   memory each stream costs the product: its JavaScript heap after a full collection (asked over
 *   its inspector) with every stream open, against the same before the first, and the growth of its
 *   resident memory (from its /metrics), which also counts sockets' buffers but hides whatever fits
 *   in memory the process had already taken.
 */
import { randomUUID } from 'node:crypto';
import { A_VIDEO, runLoad, startEmbeddedProduct } from './product';
import type { BenchRow } from './stores';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 6);
const PASSWORD = 'secret1!';
const SSE_STREAMS = Number(process.env.BENCH_SSE_STREAMS ?? 1000);

const signUps = (url: string, connections: number) =>
  runLoad({
    url,
    connections,
    duration: SECONDS,
    requests: [{ method: 'POST', path: '/api/auth/register', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: JSON.stringify({ name: 'Load Test', email: `load-${randomUUID()}@example.com`, password: PASSWORD }) }) }],
  });

const reads = (url: string, token: string) =>
  runLoad({ url: `${url}/api/video/stats`, connections: 4, duration: SECONDS, headers: { authorization: `Bearer ${token}` } });

export async function benchLoad(): Promise<BenchRow[]> {
  const product = await startEmbeddedProduct('bench-studio', { NODE_ENV: 'development' }, { inspect: true });
  const { url } = product;
  try {
    const register = async (email: string) =>
      ((await (await fetch(`${url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Reader', email, password: PASSWORD }) })).json()) as { token: string }).token;
    const reader = await register(`reader-${randomUUID()}@example.com`);
    const victim = `victim-${randomUUID()}@example.com`;
    await register(victim);

    const one = await signUps(url, 1);
    const eight = await signUps(url, 8);
    const alone = await reads(url, reader);
    const [during, failed] = await Promise.all([
      reads(url, reader),
      runLoad({
        url: `${url}/api/auth/login`,
        connections: 40,
        duration: SECONDS,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: victim, password: 'wrong-password-1' }),
      }),
    ]);

    // Three creators each start a video; the reads go on while they render.
    for (let i = 0; i < 3; i++) {
      const token = await register(`creator-${i}-${randomUUID()}@example.com`);
      await fetch(`${url}/api/generate-video`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(A_VIDEO) });
    }
    const whileRendering = await runLoad({ url: `${url}/api/video/stats`, connections: 4, duration: Math.max(SECONDS, 15), headers: { authorization: `Bearer ${reader}` } });

    // 1,000 browsers watching one video render.
    const rss = async () => Number(/process_resident_memory_bytes(?:\{[^}]*\})? (\d+)/.exec(await (await fetch(`${url}/metrics`)).text())?.[1] ?? 0);
    const watcher = await register(`watcher-${randomUUID()}@example.com`);
    const watched = ((await (await fetch(`${url}/api/generate-video`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${watcher}` }, body: JSON.stringify(A_VIDEO) })).json()) as { videoId: string }).videoId;
    const memory = async () => ({ heap: await product.heapAfterCollection(), rss: await rss() });
    const before = await memory();
    let open = 0;
    let peakOpen = 0;
    let held: Promise<{ heap: number; rss: number }> | null = null;
    const streams = Array.from({ length: SSE_STREAMS }, async () => {
      const response = await fetch(`${url}/api/video/events/${watched}?token=${watcher}`);
      if (!response.ok || !response.body) return false;
      peakOpen = Math.max(peakOpen, ++open);
      if (peakOpen === SSE_STREAMS) held = memory();
      let text = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        text += Buffer.from(chunk).toString();
        if (text.includes('"status":"done"')) break;
      }
      open--;
      return text.includes('"status":"done"');
    });
    const sawDone = (await Promise.all(streams)).filter(Boolean).length;
    const withStreams = (await held) ?? before;
    const perStream = (bytes: number) => Math.round((Math.max(0, bytes) / SSE_STREAMS / 1024) * 10) / 10;

    return [
      { name: 'load.sign-ups-1-at-once', value: Math.round(one.requests.average * 10) / 10, unit: 'sign-ups/s' },
      { name: 'load.sign-ups-8-at-once', value: Math.round(eight.requests.average * 10) / 10, unit: 'sign-ups/s' },
      { name: 'load.sign-ups-8-vs-1', value: Math.round((eight.requests.average / one.requests.average) * 100) / 100, unit: 'ratio', target: '>= 1.8' },
      { name: 'load.reads-alone-p99', value: alone.latency.p99, unit: 'ms' },
      { name: 'load.failed-sign-ins-in-flight', value: Math.round(failed.requests.average), unit: 'attempts/s' },
      { name: 'load.reads-during-40-failed-sign-ins-p50', value: during.latency.p50, unit: 'ms' },
      { name: 'load.reads-during-40-failed-sign-ins-p99', value: during.latency.p99, unit: 'ms', target: '<= 50' },
      { name: 'load.reads-during-failed-sign-ins-errors', value: during.errors + during.non2xx, unit: 'responses' },
      { name: 'load.reads-while-3-videos-render-p99', value: whileRendering.latency.p99, unit: 'ms' },
      { name: 'load.reads-while-3-videos-render-max', value: whileRendering.latency.max, unit: 'ms', target: '<= 100' },
      { name: 'load.sse-streams-held-at-once', value: peakOpen, unit: 'streams', target: `>= ${SSE_STREAMS}` },
      { name: 'load.sse-streams-that-saw-done', value: sawDone, unit: 'streams', target: `>= ${SSE_STREAMS}` },
      { name: 'load.sse-heap-per-stream (after a full collection)', value: perStream(withStreams.heap - before.heap), unit: 'KiB' },
      { name: 'load.sse-resident-memory-growth-per-stream', value: perStream(withStreams.rss - before.rss), unit: 'KiB' },
    ];
  } finally {
    await product.stop();
  }
}
