import { READ_MODELS_CHECKPOINT } from '@app/domain';
import { SqliteDocumentStore, type DocumentStore } from '@app/platform';
import { checkpointProgress } from './wait-for-position';

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
