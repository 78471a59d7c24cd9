import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { mediaBlobPrefix, mediaLibraryStreamId } from '@app/domain';
import { LocalDiskBlobStore, SqliteDocumentStore, createLogger, openSqliteEventStore } from '@app/platform';
import { runMediaJanitor } from './media-janitor';

describe('The media janitor', () => {
  describe('When a library item is deleted', () => {
    it("should free its files, and only its own (the creator's other items and other creators' stay)", async () => {
      const dir = mkdtempSync(join(tmpdir(), 'janitor-'));
      const blobs = new LocalDiskBlobStore(dir);
      const eventStore = openSqliteEventStore({ file: ':memory:' });
      const docs = new SqliteDocumentStore(':memory:');
      const logger = createLogger('projectors', { level: 'silent', destination: new Writable({ write: (_c, _e, cb) => cb() }) });
      const [gone, kept, othersId] = [randomUUID(), randomUUID(), randomUUID()];
      for (const [userId, mediaId] of [['u1', gone], ['u1', kept], ['u2', othersId]]) {
        await blobs.put(`${mediaBlobPrefix(userId, mediaId)}original`, Buffer.from('clip'), 'video/mp4');
        await blobs.put(`${mediaBlobPrefix(userId, mediaId)}thumbnail.jpg`, Buffer.from('jpeg'), 'image/jpeg');
      }
      const janitor = await runMediaJanitor({ eventStore, docs, blobs, logger });
      try {
        const prefix = mediaBlobPrefix('u1', gone);
        await eventStore.append(mediaLibraryStreamId('u1'), [{
          id: randomUUID(), type: 'MediaDeleted', metadata: {},
          data: { mediaId: gone, userId: 'u1', blobKey: `${prefix}original`, thumbnailKey: `${prefix}thumbnail.jpg`, bytes: 4, at: '2026-11-24T10:00:00.000Z' },
        }]);
        const deadline = Date.now() + 10_000;
        while ((await blobs.stat(`${prefix}original`)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect(await blobs.stat(`${prefix}original`)).toBeNull();
        expect(await blobs.stat(`${prefix}thumbnail.jpg`)).toBeNull();
        expect(await blobs.stat(`${mediaBlobPrefix('u1', kept)}original`)).not.toBeNull();
        expect(await blobs.stat(`${mediaBlobPrefix('u2', othersId)}thumbnail.jpg`)).not.toBeNull();
      } finally {
        await janitor.stop();
        await eventStore.close();
        await docs.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
