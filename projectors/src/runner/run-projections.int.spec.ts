import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { READ_MODELS_CHECKPOINT } from '@app/domain';
import { createLogger, openSqliteEventStore, SqliteDocumentStore, type DocumentStore } from '@app/platform';
import { PROJECTIONS } from '../projections';
import { aVideoRequested } from '../testing/events';
import { runProjections } from './run-projections';

/** The read models, counting the batches the runner asks for and the events applied in each. */
function countingBatches(store: SqliteDocumentStore): { docs: DocumentStore; batches: number[] } {
  const batches: number[] = [];
  const docs = Object.create(store) as DocumentStore;
  docs.batch = async (work) => {
    batches.push(0);
    return store.batch(work);
  };
  return { docs, batches };
}

describe('Projecting the events of a busy turn', () => {
  const dir = mkdtempSync(join(tmpdir(), 'run-projections-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const logger = createLogger('test', { level: 'silent' });

  it('given 200 videos requested at once, when they are projected, then a few batches write them all and read-your-writes waits for the last', async () => {
    const eventStore = openSqliteEventStore({ file: join(dir, 'events.db') });
    const store = new SqliteDocumentStore(join(dir, 'read-models.db'));
    const { docs, batches } = countingBatches(store);
    const runner = await runProjections({ eventStore, docs, projections: PROJECTIONS, logger });
    try {
      const appended = await Promise.all(Array.from({ length: 200 }, (_, i) => {
        const event = aVideoRequested({ videoId: `v${i}` });
        return eventStore.append(`video-v${i}`, [{ id: `e${i}`, type: event.type, data: { ...event.data, videoId: `v${i}` }, metadata: {} }]);
      }));
      const last = Math.max(...appended.map((a) => a.position));
      expect(await runner.waitFor(last, 10_000)).toBe(true);
      // Read-your-writes is told only once the event is in the read models.
      expect(await docs.collection('video_list').count()).toBe(200);
      expect(runner.position()).toBe(last);
      // One commit for many events, not one per event and projection.
      expect(batches.length).toBeGreaterThan(0);
      expect(batches.length).toBeLessThanOrEqual(10);
    } finally {
      await runner.stop();
      await eventStore.close();
    }
    // Stopping wrote the checkpoint of what was projected.
    expect(await store.getCheckpoint(READ_MODELS_CHECKPOINT)).toBe(200);
    await store.close();
  });
});
