import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCHEMA_VERSION } from '@app/domain';
import { openEventStore } from './index';
import type { RecordedEvent } from './port';
import { openSqliteEventStore } from './sqlite';

describe('Upcasting on read, through the event store the services open', () => {
  const dir = mkdtempSync(join(tmpdir(), 'upcasting-'));
  const file = join(dir, 'events.db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should read events stored in an old shape in the current one, everywhere, and stamp new appends with their version', async () => {
    // Given events written before versions existed, straight into the file.
    const raw = openSqliteEventStore({ file });
    await raw.append('video-old', [
      { id: 'e1', type: 'RenderStageReached', data: { videoId: 'old', status: 'script', at: '2025-01-01T00:00:00.000Z' }, metadata: {} },
    ]);
    await raw.append('user-old', [
      { id: 'e2', type: 'UserRegistered', data: { userId: 'old', name: 'Ada', email: 'ada@example.com', passwordHash: 'h', registeredAt: '2025-01-01T00:00:00.000Z' }, metadata: {} },
    ]);

    // When the services' store reads them.
    const store = await openEventStore(file);
    try {
      const [stage] = await store.readStream('video-old');
      expect(stage.data).toEqual({ videoId: 'old', status: 'script', at: '2025-01-01T00:00:00.000Z', attempt: 1 });
      expect(stage.metadata[SCHEMA_VERSION]).toBe(2);
      expect((await store.readLog({ category: 'user', limit: 10 }))[0].data).toMatchObject({ googleId: null, fpr: null });
      expect((await store.readAll())[0].data).toMatchObject({ attempt: 1 });

      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({ handler: async (event) => void seen.push(event) });
      const deadline = Date.now() + 5000;
      while (seen.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await subscription.stop();
      expect(seen[0].data).toMatchObject({ attempt: 1 });

      // And a new append carries the type's current version, stored as such underneath.
      await store.append('video-new', [{ id: 'e3', type: 'RenderStageReached', data: { videoId: 'new', status: 'audio', at: 't', attempt: 2 }, metadata: {} }]);
      expect((await raw.readStream('video-new'))[0].metadata[SCHEMA_VERSION]).toBe(2);
      expect((await store.readStream('video-new'))[0].data).toMatchObject({ attempt: 2 });
      // The stored old event itself is untouched: the log is never rewritten.
      expect((await raw.readStream('video-old'))[0].data).not.toHaveProperty('attempt');
    } finally {
      await store.close();
      await raw.close();
    }
  });
});
