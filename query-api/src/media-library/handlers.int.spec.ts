import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { COLLECTIONS, GIB, type MediaLibraryDoc } from '@app/domain';
import { LocalDiskBlobStore, SessionTokens, SqliteDocumentStore, createLogger, errorMiddleware, routerFor, type DocumentStore } from '@app/platform';
import { mediaLibraryHandlers } from './handlers';

const SIGNING_KEY = 'media-signing-key-for-the-library-tests';
const A_CLIP = randomUUID();
const AN_IMAGE = randomUUID();
const GRACES = randomUUID();
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

describe('GET /api/media (the media library read model)', () => {
  let docs: DocumentStore;
  let blobDir: string;
  let app: express.Express;
  const tokens = new SessionTokens('test-secret-that-is-at-least-32-characters-long', 3600);

  beforeEach(async () => {
    docs = new SqliteDocumentStore(':memory:');
    blobDir = mkdtempSync(join(tmpdir(), 'media-library-'));
    const blobs = new LocalDiskBlobStore(blobDir);
    const logger = createLogger('query-api', { level: 'silent', destination: new Writable({ write: (_c, _e, cb) => cb() }) });
    app = express();
    app.use(routerFor(mediaLibraryHandlers({ docs, blobs, urls: { signingKey: SIGNING_KEY, ttlSeconds: 3600, now: () => new Date() } }), { tokens }));
    app.use(errorMiddleware(logger));
    // Ada's clip and image (the image newer), and Grace's clip.
    for (const [userId, mediaId, kind, createdAt] of [['ada', A_CLIP, 'clip', '2026-11-20T10:00:00.000Z'], ['ada', AN_IMAGE, 'image', '2026-11-21T10:00:00.000Z'], ['grace', GRACES, 'clip', '2026-11-22T10:00:00.000Z']] as const) {
      const doc: Omit<MediaLibraryDoc, '_id'> = {
        userId, kind, blobKey: `media/${userId}/${mediaId}/original`, thumbnailKey: `media/${userId}/${mediaId}/thumbnail.jpg`, originalName: `${kind}-${userId}`,
        contentType: kind === 'clip' ? 'video/mp4' : 'image/png', bytes: 1000, width: kind === 'clip' ? 1080 : 800, height: kind === 'clip' ? 1920 : 600,
        durationSeconds: kind === 'clip' ? 12.5 : null, createdAt,
      };
      await docs.collection<MediaLibraryDoc>(COLLECTIONS.mediaLibrary, { indexes: [['userId']] }).upsert(mediaId, doc, 1);
      await blobs.put(doc.thumbnailKey, JPEG, 'image/jpeg');
    }
  });
  afterEach(async () => {
    await docs.close();
    rmSync(blobDir, { recursive: true, force: true });
  });

  const list = (userId: string) => request(app).get('/api/media').set('authorization', `Bearer ${tokens.issue(userId)}`);

  it("should list the creator's own items only, newest first, with kind, name, size, dimensions, duration and the storage used", async () => {
    const res = await list('ada').expect(200);
    expect(res.body).toEqual({
      media: [
        { _id: AN_IMAGE, kind: 'image', name: 'image-ada', contentType: 'image/png', bytes: 1000, width: 800, height: 600, durationSeconds: null, thumbnailUrl: expect.any(String), createdAt: '2026-11-21T10:00:00.000Z' },
        { _id: A_CLIP, kind: 'clip', name: 'clip-ada', contentType: 'video/mp4', bytes: 1000, width: 1080, height: 1920, durationSeconds: 12.5, thumbnailUrl: expect.any(String), createdAt: '2026-11-20T10:00:00.000Z' },
      ],
      usedBytes: 2000,
      storageBytes: GIB,
      total: 2,
      nextOffset: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(GRACES);
    expect(JSON.stringify(res.body)).not.toContain('media/ada');
    expect((await list('nobody').expect(200)).body).toEqual({ media: [], usedBytes: 0, storageBytes: GIB, total: 0, nextOffset: null });
  });

  it('should answer a page at a time when asked (limit, offset), with the storage and the count of the whole library', async () => {
    const first = (await list('ada').query({ limit: '1' }).expect(200)).body as { media: Array<{ _id: string }> };
    expect(first).toMatchObject({ media: [{ _id: AN_IMAGE }], usedBytes: 2000, total: 2, nextOffset: 1 });
    const second = (await list('ada').query({ limit: '1', offset: '1' }).expect(200)).body as { media: Array<{ _id: string }> };
    expect(second).toMatchObject({ media: [{ _id: A_CLIP }], usedBytes: 2000, total: 2, nextOffset: null });
    expect((await list('ada').query({ offset: '5' }).expect(200)).body).toMatchObject({ media: [], total: 2, nextOffset: null });
  });

  it('should refuse a page size out of bounds with 400', async () => {
    for (const limit of ['0', '501', 'ten', '-1']) {
      expect((await list('ada').query({ limit }).expect(400)).body).toMatchObject({ error: 'limit must be a whole number from 1 to 500' });
    }
    expect((await list('ada').query({ offset: '-3' }).expect(400)).body).toMatchObject({ error: 'offset must be a whole number, 0 or more' });
  });

  it('should serve a thumbnail by its signed URL only', async () => {
    const { media } = (await list('ada').expect(200)).body as { media: Array<{ thumbnailUrl: string }> };
    const thumbnail = await request(app).get(media[0].thumbnailUrl).expect(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    const path = new URL(media[0].thumbnailUrl, 'http://x').pathname;
    await request(app).get(path).expect(403);
    // The same signature does not open another creator's thumbnail.
    await request(app).get(`${path.replace(AN_IMAGE, GRACES).replace('/ada/', '/grace/')}${new URL(media[0].thumbnailUrl, 'http://x').search}`).expect(403);
  });

  it('should answer 401 without a session', async () => {
    await request(app).get('/api/media').expect(401);
  });
});
