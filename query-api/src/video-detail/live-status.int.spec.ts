import { COLLECTIONS, type VideoDetailDoc } from '@app/domain';
import { SqliteDocumentStore, type Collection, type DocumentStore } from '@app/platform';
import { LiveStatus } from './live-status';

/** The read models, counting the reads of video documents. */
function countingStore(): { docs: DocumentStore; reads: () => number } {
  const store = new SqliteDocumentStore(':memory:');
  let reads = 0;
  const docs = Object.create(store) as DocumentStore;
  docs.collection = <T extends { _id: string }>(name: string, options?: { indexes?: string[][] }) => {
    const collection = store.collection<T>(name, options);
    return Object.assign(Object.create(collection) as Collection<T>, {
      get: (id: string) => {
        reads++;
        return collection.get(id);
      },
    });
  };
  return { docs, reads: () => reads };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done()` holds (a shared CI machine can be slow to run the polls), failing after five seconds. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the watchers to be told');
    await sleep(5);
  }
}

/** A video at the images stage in counting read models, and the live status polling them every `intervalMs`. */
async function aVideoBeingRendered(intervalMs: number) {
  const { docs, reads } = countingStore();
  const videos = docs.collection<VideoDetailDoc>(COLLECTIONS.videoDetail);
  await videos.upsert('v1', { userId: 'u1', status: 'images' } as Omit<VideoDetailDoc, '_id'>, 1);
  return { videos, reads, live: new LiveStatus(docs, intervalMs) };
}

describe('Live status of the videos being watched', () => {
  it('should read a video once per interval however many browsers watch it, and tell each of them what changed', async () => {
    const { videos, live, reads } = await aVideoBeingRendered(20);
    const seen: string[][] = Array.from({ length: 200 }, () => []);
    const stops = seen.map((statuses) => live.watch('v1', (doc) => statuses.push(String(doc?.status))));
    try {
      await sleep(110);
      // About five intervals: a handful of reads for 200 watchers, not a thousand.
      expect(reads()).toBeGreaterThan(0);
      expect(reads()).toBeLessThanOrEqual(8);
      await videos.patch('v1', { status: 'done' } as Partial<VideoDetailDoc>, 2);
      await until(() => seen.every((statuses) => statuses.at(-1) === 'done'));
      expect(seen.every((statuses) => statuses.filter((s) => s === 'done').length === 1)).toBe(true);
    } finally {
      for (const stop of stops) stop();
    }
    // Nobody watches: nothing is polled any more.
    expect(live.videos).toBe(0);
    const after = reads();
    await sleep(60);
    expect(reads()).toBe(after);
  });

  it('should tell a watcher only what changed, and a late watcher what it has not been told yet', async () => {
    const { videos, live } = await aVideoBeingRendered(10);
    const early: string[] = [];
    const late: string[] = [];
    const stopEarly = live.watch('v1', (doc) => early.push(String(doc?.status)));
    try {
      await until(() => early.length > 0);
      await sleep(80);
      // Several polls of an unchanged video: told once.
      expect(early).toEqual(['images']);
      const stopLate = live.watch('v1', (doc) => late.push(String(doc?.status)));
      await until(() => late.length > 0);
      await sleep(40);
      expect(late).toEqual(['images']);
      expect(early).toEqual(['images']);
      await videos.patch('v1', { status: 'done' } as Partial<VideoDetailDoc>, 2);
      await until(() => early.length > 1 && late.length > 1);
      await sleep(40);
      expect(early).toEqual(['images', 'done']);
      expect(late).toEqual(['images', 'done']);
      stopLate();
    } finally {
      stopEarly();
    }
  });

  it('should tell a crowd of watchers a slice at a time, letting other work run in between', async () => {
    const { live } = await aVideoBeingRendered(10);
    const order: string[] = [];
    let other: Promise<void> | null = null;
    const stops = Array.from({ length: 1000 }, (_, i) => live.watch('v1', () => {
      // The first watcher told: other work (a request's turn) is queued behind the crowd.
      if (i === 0) other = new Promise((done) => setImmediate(() => (order.push('other work'), done())));
      order.push('watcher');
    }));
    try {
      await until(() => order.filter((o) => o === 'watcher').length === 1000);
      await other;
      expect(order.filter((o) => o === 'watcher')).toHaveLength(1000);
      // The other work ran long before the thousandth watcher was told.
      expect(order.indexOf('other work')).toBeGreaterThan(0);
      expect(order.indexOf('other work')).toBeLessThan(100);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('should tell the watchers when the video is gone', async () => {
    const { docs } = countingStore();
    const live = new LiveStatus(docs, 20);
    const seen: Array<string | null> = [];
    const stop = live.watch('missing', (doc) => seen.push(doc ? doc._id : null));
    await until(() => seen.length > 0);
    stop();
    expect(seen[0]).toBeNull();
  });
});
