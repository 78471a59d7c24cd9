import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEventStore } from '@app/platform';
import { videoStreamId } from '@app/domain';
import { ApiClient, eventually } from '../api/client';
import { freePort, startService, type ServiceProcess } from '../support/processes';

jest.setTimeout(300_000);

const aVideo = { topic: 'Scary Stories', duration: 30, customPrompt: '', style: 'comic', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English' };

const childrenOf = (pid: number) => execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map((l) => Number(l.trim())).filter(Boolean);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The embedded product as `npm start` runs it, killed with `kill -9` in the middle of a render and
 * started again on the same data directory: the video finishes, exactly once, and its creator can
 * make the next one.
 */
describe('When the embedded product is killed mid-render', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crash-'));
  let port: number;
  let product: ServiceProcess | null = null;
  const start = () => startService('studio', 'gateway', { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', BCRYPT_COST: '4', RENDER_PRESET: 'ultrafast' });

  beforeAll(async () => {
    port = await freePort();
  });
  afterAll(async () => {
    await product?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should finish the video after a restart, once, and let its creator make another', async () => {
    product = start();
    await product.waitForLine(/"studio ready"/, 90_000);
    const api = new ApiClient(`http://127.0.0.1:${port}`);
    const { token } = (await api.call('register', { body: { name: 'Ada', email: 'ada@example.com', password: 'secret1!' } })).body as { token: string };
    // A subscriber, so that a second video is allowed once the first one is done.
    const { url } = (await api.call('createCheckoutSession', { token, body: { planId: 'DAILY' } })).body as { url: string };
    await api.call('checkoutPay', { params: { id: url.split('/').pop()! }, form: {} });
    const { videoId } = (await api.call('generateVideo', { token, body: aVideo })).body as { videoId: string };

    // Mid-render: the worker has written the script and is on the narration or later.
    await eventually(async () => ((await api.call('videoStatus', { token, params: { id: videoId } })).body as { status: string | null }).status, (s) => s !== null && s !== 'start', 60_000, 50);
    const renderChildren = childrenOf(product.child.pid!);
    expect(renderChildren.length).toBeGreaterThan(0);
    await product.kill('SIGKILL');
    // The render process leaves with its parent (no orphan keeps rendering on the same data).
    await eventually(async () => renderChildren.filter(alive), (left) => left.length === 0, 10_000);
    const beforeRestart = ((await openEventStore(join(dataDir, 'events.db')).then(async (store) => {
      const events = await store.readStream(videoStreamId(videoId));
      await store.close();
      return events;
    })).map((e) => e.type));
    expect(beforeRestart).not.toContain('VideoRendered');

    const restartedAt = Date.now();
    product = start();
    await product.waitForLine(/"studio ready"/, 90_000);
    const done = await eventually(async () => (await api.call('videoStatus', { token, params: { id: videoId } })).body as { status: string }, (s) => s.status === 'done' || s.status === 'failed', 120_000, 250);
    expect(done.status).toBe('done');
    console.log(`crash recovery: the video was done ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart\n`);

    // The creator is not stuck: the next video starts.
    await api.call('generateVideo', { token, body: { ...aVideo, topic: 'Fun Facts' } });
    const store = await openEventStore(join(dataDir, 'events.db'));
    const events = await store.readStream(videoStreamId(videoId));
    await store.close();
    expect(events.filter((e) => e.type === 'VideoRendered')).toHaveLength(1);
  });

  it('should start its render process again when that process alone dies', async () => {
    const api = new ApiClient(`http://127.0.0.1:${port}`);
    const { token } = (await api.call('login', { body: { email: 'ada@example.com', password: 'secret1!' } })).body as { token: string };
    const statusOf = async (id: string) => ((await api.call('videoStatus', { token, params: { id } })).body as { status: string | null }).status;
    const finished = (s: string | null) => s === 'done' || s === 'failed';
    // The video the last test started ends first (one at a time).
    for (const video of ((await api.call('listVideos', { token })).body as { videos: Array<{ _id: string }> }).videos) {
      await eventually(() => statusOf(video._id), finished, 120_000, 250);
    }
    const { videoId } = (await api.call('generateVideo', { token, body: { ...aVideo, topic: 'What If?' } })).body as { videoId: string };
    await eventually(() => statusOf(videoId), (s) => s !== null && s !== 'start', 60_000, 50);
    const [renderChild] = childrenOf(product!.child.pid!);
    process.kill(renderChild, 'SIGKILL');
    expect(await eventually(() => statusOf(videoId), finished, 120_000, 250)).toBe('done');
    // A new render process took over.
    expect(childrenOf(product!.child.pid!).filter((pid) => pid !== renderChild).length).toBeGreaterThan(0);
  });
});
