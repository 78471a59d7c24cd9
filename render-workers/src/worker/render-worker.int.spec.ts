import type { RenderRequest, RenderStatus } from '@app/domain';
import { LocalDiskBlobStore } from '@app/platform';
import { SqliteMessageBus } from '@app/platform';
import { TOPICS } from '@app/platform';
import { createRenderPipeline, type PipelineStage } from '../pipeline/render-pipeline';
import type { Illustrator } from '../stages/images/port';
import { aRenderRequest } from '../testing/builders';
import { ensureNativeHelper, offlineProviders, probe, quietLogger, tempDir } from '../testing/media';
import { startRenderWorker } from './render-worker';

beforeAll(() => ensureNativeHelper());

const aRequest = (overrides: Partial<RenderRequest> = {}): RenderRequest =>
  aRenderRequest({ userId: 'user-7', topic: 'Motivational', voiceId: 'EXAVITQu4vr4xnSDxMaL', style: 'neon', ...overrides });

interface Received {
  status: RenderStatus;
  headers: Record<string, string>;
}

async function harness(options: { illustrator?: (base: Illustrator) => Illustrator } = {}) {
  const root = tempDir('worker');
  const bus = new SqliteMessageBus({ file: ':memory:', retryBackoffMs: 10 });
  const blobs = new LocalDiskBlobStore(`${root}/blobs`);
  const providers = offlineProviders();
  const runs: Array<{ stage: PipelineStage; videoId: string }> = [];
  const pipeline = createRenderPipeline({
    ...providers,
    illustrator: options.illustrator ? options.illustrator(providers.illustrator) : providers.illustrator,
    blobs,
    workDir: `${root}/work`,
    logger: process.env.DEBUG_WORKER ? require('@app/platform').createLogger('p', { level: 'debug' }) : quietLogger(),
    frame: () => ({ width: 270, height: 480 }),
    onStageRun: (stage, videoId) => runs.push({ stage, videoId }),
  });
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const statusConsumer = await bus.subscribe(TOPICS.renderStatus, {
    groupId: 'test-observer',
    handler: async (m) => {
      received.push({ status: m.value as RenderStatus, headers: m.headers });
      waiters.splice(0).forEach((w) => w());
    },
  });
  const until = async (predicate: () => boolean, ms = 120_000) => {
    const deadline = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out; statuses: ${received.map((r) => `${r.status.status}@${r.status.workerId}`).join(',')}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  const worker = (workerId: string, maxAttempts = 3) => startRenderWorker({ bus, pipeline, logger: process.env.DEBUG_WORKER ? require('@app/platform').createLogger('t', { level: 'debug' }) : quietLogger(), workerId, maxAttempts, backoff: { initialMs: 20, maxMs: 100 } });
  const close = async () => {
    await statusConsumer.stop();
    await bus.close();
  };
  return { bus, blobs, runs, received, until, worker, close };
}

describe('When a render request arrives on the bus', () => {
  it('should publish every status in order with the correlation headers, and store the video', async () => {
    const h = await harness();
    const worker = await h.worker('worker-a');
    const request = aRequest();
    await h.bus.publish(TOPICS.renderRequests, [{ key: 'garbage', value: { hello: 'world' }, headers: { correlationId: 'bad' } }]);
    await h.bus.publish(TOPICS.renderRequests, [{ key: request.videoId, value: request, headers: { correlationId: 'corr-1', causationId: 'event-9' } }]);
    await h.until(() => h.received.some((r) => r.status.status === 'done'));
    const mine = h.received.filter((r) => r.status.videoId === request.videoId);
    expect(mine.map((r) => r.status.status)).toEqual(['start', 'script', 'audio', 'images', 'video', 'uploading', 'done']);
    expect(mine.every((r) => r.headers.correlationId === 'corr-1' && r.headers.causationId === 'event-9')).toBe(true);
    expect(mine.every((r) => r.headers.schemaVersion === '1')).toBe(true);
    // The request that does not parse waits in the dead-letter topic, saying why; the next one was rendered.
    const [poison, ...others] = await h.bus.deadLetters(TOPICS.renderRequests);
    expect(others).toEqual([]);
    expect(poison).toMatchObject({ key: 'garbage', groupId: 'render-workers', headers: { correlationId: 'bad' } });
    expect(JSON.parse(poison.value)).toEqual({ hello: 'world' });
    expect(poison.reason).toMatch(/^unreadable: not a render\.requests message \(schema v1\): videoId: .*; userId: /);
    expect(mine[1].status.script?.title.length).toBeGreaterThan(0);
    const media = mine[6].status.media!;
    expect(media.videoKey).toBe(`videos/user-7/${request.videoId}/video.mp4`);
    const info = await probe(h.blobs.localPath(media.videoKey)!);
    expect(info.video.codec).toBe('h264');
    expect(await h.blobs.stat(media.thumbnailKey!)).not.toBeNull();
    await worker.stop();
    await h.close();
  }, 120_000);
});

describe('When a stage keeps failing', () => {
  it('should retry with backoff, then publish failed with a reason and move on', async () => {
    let calls = 0;
    const h = await harness({ illustrator: () => ({ name: 'broken', illustrate: async () => {
      calls++;
      throw new Error('image service unavailable');
    } }) });
    const worker = await h.worker('worker-f', 3);
    const request = aRequest();
    await h.bus.publish(TOPICS.renderRequests, [{ key: request.videoId, value: request }]);
    await h.until(() => h.received.some((r) => r.status.status === 'failed'));
    const failed = h.received.find((r) => r.status.status === 'failed')!.status;
    expect(calls).toBe(3);
    expect(failed.reason).toBe('The render failed while drawing the illustrations (3 attempts): image service unavailable');
    // Earlier stages ran once: the retries resumed from their cached artifacts.
    expect(h.runs.filter((r) => r.stage === 'script')).toHaveLength(1);
    expect(h.runs.filter((r) => r.stage === 'narration')).toHaveLength(1);
    await worker.stop();
    await h.close();
  }, 120_000);
});

describe('When a worker dies in the middle of a render', () => {
  it('should let another worker of the group finish it, producing the video once', async () => {
    let releaseFirst: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const illustrating = new Promise<void>((resolve) => (entered = resolve));
    let blocked = false;
    const h = await harness({ illustrator: (base) => ({ name: 'slow-once', illustrate: async (req, signal) => {
      if (!blocked) {
        blocked = true;
        entered();
        // The first attempt hangs until its worker is stopped (aborted).
        await new Promise<void>((resolve, reject) => {
          releaseFirst = resolve;
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      }
      return base.illustrate(req, signal);
    } }) });
    const a = await h.worker('worker-a');
    const b = await h.worker('worker-b');
    const request = aRequest({ duration: 30 });
    await h.bus.publish(TOPICS.renderRequests, [{ key: request.videoId, value: request }]);
    await illustrating;
    await h.until(() => h.received.some((r) => r.status.status === 'audio'));
    const first = h.received.find((r) => r.status.status === 'audio')!.status.workerId;
    const [dying, survivor] = first === 'worker-a' ? [a, b] : [b, a];
    await dying.stop();
    releaseFirst();
    await h.until(() => h.received.some((r) => r.status.status === 'done'));
    const done = h.received.filter((r) => r.status.status === 'done');
    expect(done).toHaveLength(1);
    expect(done[0].status.workerId).toBe(survivor.workerId);
    expect(h.runs.filter((r) => r.stage === 'script')).toHaveLength(1);
    expect(h.runs.filter((r) => r.stage === 'picture')).toHaveLength(1);
    expect(h.runs.filter((r) => r.stage === 'upload')).toHaveLength(1);
    expect(await h.blobs.stat(done[0].status.media!.videoKey)).not.toBeNull();
    await survivor.stop();
    await h.close();
  }, 180_000);
});
