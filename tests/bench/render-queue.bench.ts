/**
 * Render throughput under concurrency (issue 15): on the embedded product as production runs it,
 * one 30 s video alone, then 4 users each asking for a video at the same moment; the wall time
 * until all 4 are done divided by 4 × the one alone. Above 1 the queue makes the machine thrash.
 */
import { A_VIDEO, startEmbeddedProduct } from './product';
import type { BenchRow } from './stores';

const USERS = 4;

async function json<T>(response: Promise<Response>): Promise<T> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

export async function benchRenderQueue(): Promise<BenchRow[]> {
  const product = await startEmbeddedProduct('bench-queue-studio');
  const { url } = product;
  try {
    const post = <T>(path: string, body: unknown, token?: string) =>
      json<T>(fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }));
    const tokens: string[] = [];
    for (let i = 0; i <= USERS; i++) tokens.push((await post<{ token: string }>('/api/auth/register', { name: `Queue ${i}`, email: `queue-${i}-${Date.now()}@example.com`, password: 'secret1!' })).token);

    /** Asks for one video as `token` and resolves when it is done (throws if it failed). */
    const aVideoDone = async (token: string) => {
      const { videoId } = await post<{ videoId: string }>('/api/generate-video', A_VIDEO, token);
      for (;;) {
        const { status, message } = await json<{ status: string; message?: string }>(fetch(`${url}/api/video/status/${videoId}`, { headers: { authorization: `Bearer ${token}` } }));
        if (status === 'done') return;
        if (status === 'failed') throw new Error(`video failed: ${message}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    let started = performance.now();
    await aVideoDone(tokens[0]);
    const alone = (performance.now() - started) / 1000;
    started = performance.now();
    await Promise.all(tokens.slice(1).map(aVideoDone));
    const together = (performance.now() - started) / 1000;
    const round = (n: number) => Math.round(n * 100) / 100;
    return [
      { name: 'render-queue.one 30 s video alone, request to done', value: round(alone), unit: 's' },
      { name: `render-queue.${USERS} users at once, until all done`, value: round(together), unit: 's' },
      { name: `render-queue.${USERS} at once / (${USERS} x alone)`, value: round(together / (USERS * alone)), unit: 'ratio', target: '<= 1.1' },
    ];
  } finally {
    await product.stop();
  }
}
