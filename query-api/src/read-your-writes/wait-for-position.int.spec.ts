import express from 'express';
import request from 'supertest';
import { POSITION_HEADER, READ_MODELS_CHECKPOINT, STALE_HEADER } from '@app/domain';
import { SqliteDocumentStore, type DocumentStore } from '@app/platform';
import { checkpointProgress, waitForPosition } from './wait-for-position';

/** The read models, counting the reads of the projectors' checkpoint. */
function countingStore(): { docs: DocumentStore; reads: () => number } {
  const store = new SqliteDocumentStore(':memory:');
  let reads = 0;
  const docs = Object.create(store) as DocumentStore;
  docs.getCheckpoint = (name: string) => {
    reads++;
    return store.getCheckpoint(name);
  };
  return { docs, reads: () => reads };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Progress read from the projectors\' checkpoint', () => {
  it('given a crowd of reads, when they ask for the position at once, then they share one read of the checkpoint', async () => {
    const { docs, reads } = countingStore();
    await docs.setCheckpoint(READ_MODELS_CHECKPOINT, 7);
    const progress = checkpointProgress(docs, 25);
    const positions = await Promise.all(Array.from({ length: 200 }, () => progress.position()));
    expect(positions.every((p) => p === 7)).toBe(true);
    expect(reads()).toBe(1);
  });

  it('given the projectors move on, when a read comes after the interval, then it sees the new position', async () => {
    const { docs, reads } = countingStore();
    await docs.setCheckpoint(READ_MODELS_CHECKPOINT, 7);
    const progress = checkpointProgress(docs, 25);
    expect(await progress.position()).toBe(7);
    await docs.setCheckpoint(READ_MODELS_CHECKPOINT, 9);
    await sleep(30);
    expect(await progress.position()).toBe(9);
    expect(reads()).toBe(2);
  });

  it('given a command\'s position, when the projectors reach it, then read-your-writes is told', async () => {
    const { docs } = countingStore();
    await docs.setCheckpoint(READ_MODELS_CHECKPOINT, 3);
    const progress = checkpointProgress(docs, 10);
    const waiting = progress.waitFor(5, 2000);
    await sleep(30);
    await docs.setCheckpoint(READ_MODELS_CHECKPOINT, 5);
    expect(await waiting).toBe(true);
    expect(await progress.waitFor(50, 60)).toBe(false);
  });
});

describe('waitForPosition', () => {
  /** An app whose only route answers at once; the read models stand at `at` until moved. */
  function appAt(at: { value: number }) {
    const app = express();
    const progress = {
      position: () => at.value,
      async waitFor(wanted: number, timeoutMs: number) {
        const deadline = Date.now() + timeoutMs;
        while (Date.now() < deadline && at.value < wanted) await sleep(5);
        return at.value >= wanted;
      },
    };
    app.use(waitForPosition(progress, 400));
    app.get('/x', (_req, res) => res.json({ ok: true }));
    return app;
  }

  it('given a browser live stream, which cannot send headers, when it names the position as ?minPosition=, then it waits for it like the header', async () => {
    const at = { value: 3 };
    const app = appAt(at);
    setTimeout(() => (at.value = 5), 60);
    const answer = await request(app).get('/x?minPosition=5').expect(200);
    expect(answer.headers[STALE_HEADER]).toBeUndefined();
    expect(answer.headers[POSITION_HEADER]).toBe('5');
  });

  it('given a position never reached, when the wait runs out, then the answer says it is stale', async () => {
    const answer = await request(appAt({ value: 3 })).get('/x?minPosition=9').expect(200);
    expect(answer.headers[STALE_HEADER]).toBe('1');
    // A parameter that is no number is no wait.
    expect((await request(appAt({ value: 3 })).get('/x?minPosition=soon').expect(200)).headers[STALE_HEADER]).toBeUndefined();
  });
});
