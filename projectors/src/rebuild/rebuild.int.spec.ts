import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, openSqliteEventStore, SqliteDocumentStore, type EventStore } from '@app/platform';
import { PROJECTIONS } from '../projections';
import { runProjections } from '../runner/run-projections';
import { aCaptionEdited, aStageReached, aVideoDeleted, aVideoRendered, aVideoRequested } from '../testing/events';
import { rebuildBesideLive } from './rebuild';

const withIds = (event: { type: string; data: Record<string, unknown> }, i: number) => ({ id: `e${i}-${Math.random()}`, type: event.type, data: event.data, metadata: {} });

async function aLog(store: EventStore, videos: number, from = 0) {
  for (let v = from; v < from + videos; v++) {
    const videoId = `v${v}`;
    const life: Array<{ type: string; data: Record<string, unknown> }> = [aVideoRequested({ videoId }), aStageReached('script', { videoId }), aVideoRendered({ videoId }), aCaptionEdited(`caption ${v}`)].map((e) => ({ ...e, data: { ...e.data, videoId } }));
    if (v % 5 === 0) life.push({ ...aVideoDeleted(), data: { ...aVideoDeleted().data, videoId } });
    await store.append(`video-${videoId}`, life.map(withIds));
  }
}

describe('Rebuilding a read model beside the live one', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rebuild-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should swap in exactly what the live projection holds, including events projected while it rebuilt', async () => {
    const eventStore = openSqliteEventStore({ file: join(dir, 'events.db') });
    const docs = new SqliteDocumentStore(join(dir, 'read-models.db'));
    const logger = createLogger('test', { level: 'silent' });
    const runner = await runProjections({ eventStore, docs, projections: PROJECTIONS, logger });
    try {
      await aLog(eventStore, 300);
      await runner.waitFor(await eventStore.headPosition(), 10_000);
      const projection = PROJECTIONS.find((p) => p.name === 'video-list')!;
      const live = await docs.collection('video_list').find({}, { sort: { _id: 1 } });

      // More events arrive while the rebuild replays: the swap waits for the live runner and catches up.
      const more = aLog(eventStore, 20, 300);
      const result = await rebuildBesideLive({
        eventStore, docs, projection, runner,
        // The live runner projects them while the rebuild is still replaying (waited for here, so
        // the catch-up below has something to catch up on however fast this machine is).
        onProgress: async () => {
          await more;
          await runner.waitFor(await eventStore.headPosition(), 10_000);
        },
      });
      await runner.waitFor(await eventStore.headPosition(), 10_000);

      const rebuilt = await docs.collection('video_list').find({}, { sort: { _id: 1 } });
      expect(rebuilt.length).toBe(live.length + 16); // 20 more videos, 4 of them deleted
      expect(result.position).toBe(await eventStore.headPosition());
      // The same documents a live projection from position 0 makes.
      const fresh = new SqliteDocumentStore(':memory:');
      for (const event of await eventStore.readAll()) if (projection.handles.includes(event.type)) await projection.apply(event, fresh);
      expect(rebuilt).toEqual(await fresh.collection('video_list').find({}, { sort: { _id: 1 } }));
      await fresh.close();
      // Nothing is left beside it.
      expect(await docs.collection('video_list_rebuild').count()).toBe(0);
    } finally {
      await runner.stop();
      await docs.close();
      await eventStore.close();
    }
  });
});
