import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { GIB, MEDIA_ERRORS, MEDIA_LIBRARY_MAX_ITEMS, MEDIA_UPLOAD_MESSAGES, mediaLibraryStreamId, type MediaLimits } from '@app/domain';
import { LocalDiskBlobStore, SessionTokens, createLogger, errorMiddleware, openSqliteEventStore, routerFor, verifySignedPath, type EventStore } from '@app/platform';
import { mediaHandlers } from './handlers';

const SIGNING_KEY = 'media-signing-key-for-the-upload-tests';
const MB = 1024 * 1024;
/** Lower than the product's (200 MB, 20 MB, 3 minutes), so that the over-limit files stay small. */
const LIMITS: MediaLimits = { clipBytes: 8 * MB, imageBytes: 1 * MB, clipSeconds: 4 };
/** The handlers' clock: a week ahead of the wall clock, so that what is dated by it is told apart. */
const CLOCK = new Date(Math.floor(Date.now() / 1000) * 1000 + 7 * 24 * 3600 * 1000);

/** Every file under a directory (the BlobStore's, the uploads' scratch space). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);

describe('POST /api/media and DELETE /api/media/:id (the media library, real ffmpeg)', () => {
  jest.setTimeout(120_000);
  let work: string;
  let blobDir: string;
  let scratch: string;
  let store: EventStore;
  let app: express.Express;
  const tokens = new SessionTokens('test-secret-that-is-at-least-32-characters-long', 3600);
  const file = (name: string) => join(work, name);

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'media-files-'));
    // The files a creator might bring, made here with ffmpeg.
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=25:d=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file('landscape.mp4'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=720x1280:r=25:d=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mov', file('portrait.mov'));
    // A phone's portrait clip: landscape pixels with a quarter-turn in the container's display matrix.
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file('phone-unrotated.mp4'));
    ffmpeg('-i', file('phone-unrotated.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', file('phone.mp4'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=1', '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '200k', file('small.webm'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=6', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file('long.mp4'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=800x600', '-frames:v', '1', file('still.png'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=640x480', '-frames:v', '1', file('photo.jpg'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=400x300', '-frames:v', '1', '-c:v', 'libwebp', file('picture.webp'));
    // Noise does not compress: a PNG well over the (test) image limit.
    ffmpeg('-f', 'lavfi', '-i', 'nullsrc=s=1000x1000,geq=random(1)*255:128:128', '-frames:v', '1', file('huge.png'));
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac', file('sound-only.mp4'));
    writeFileSync(file('corrupt.mp4'), randomBytes(200_000));
    writeFileSync(file('notes.mp4'), 'These are my notes for the video, not a video.\n'.repeat(200));
    // A real clip with more than the (test) clip limit after it: the limit is passed while it streams.
    writeFileSync(file('oversize.mp4'), Buffer.concat([readFileSync(file('small.webm')), randomBytes(LIMITS.clipBytes)]));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  beforeEach(() => {
    blobDir = mkdtempSync(join(tmpdir(), 'media-blobs-'));
    scratch = mkdtempSync(join(tmpdir(), 'media-scratch-'));
    store = openSqliteEventStore({ file: ':memory:' });
    const logger = createLogger('command-api', { level: 'silent', destination: new Writable({ write: (_c, _e, cb) => cb() }) });
    app = express();
    app.use(routerFor(mediaHandlers({
      eventStore: store, blobs: new LocalDiskBlobStore(blobDir), clock: { now: () => new Date(CLOCK) }, logger, signingKey: SIGNING_KEY,
      media: { tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, limits: LIMITS, tmpDir: scratch },
    }), { tokens }));
    app.use(errorMiddleware(logger));
  });
  afterEach(async () => {
    await store.close();
    rmSync(blobDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  const aUser = () => {
    const userId = randomUUID();
    return { userId, token: tokens.issue(userId) };
  };
  const upload = (token: string, name: string, as = name) => request(app).post('/api/media').set('authorization', `Bearer ${token}`).attach('file', file(name), as);
  const eventsOf = async (userId: string) => (await store.readStream(mediaLibraryStreamId(userId))).map((e) => ({ type: e.type, data: e.data }));

  describe('When a creator uploads clips and images', () => {
    it.each([
      ['landscape.mp4', 'clip', 'video/mp4', 1920, 1080, 2],
      ['portrait.mov', 'clip', 'video/quicktime', 720, 1280, 3],
      ['phone.mp4', 'clip', 'video/mp4', 360, 640, 1],
      ['small.webm', 'clip', 'video/webm', 320, 240, 1],
      ['still.png', 'image', 'image/png', 800, 600, null],
      ['photo.jpg', 'image', 'image/jpeg', 640, 480, null],
      ['picture.webp', 'image', 'image/webp', 400, 300, null],
    ] as const)('should take %s (kind %s, %s, %ix%i, %s s), store it and its thumbnail under their prefix, and record it', async (name, kind, contentType, width, height, duration) => {
      const { userId, token } = aUser();
      const res = await upload(token, name).expect(201);

      expect(res.body).toEqual({
        _id: expect.any(String), kind, name, contentType, bytes: statSync(file(name)).size, width, height,
        durationSeconds: duration === null ? null : expect.closeTo(duration, 0), thumbnailUrl: expect.any(String), createdAt: CLOCK.toISOString(), position: expect.any(Number),
      });
      const mediaId = res.body._id as string;
      const thumbnail = new URL(res.body.thumbnailUrl, 'http://x');
      expect(thumbnail.pathname).toBe(`/api/media/thumbnail/${userId}/${mediaId}`);
      // Valid for an hour from the handlers' clock, not the wall clock.
      expect(Number(thumbnail.searchParams.get('exp'))).toBe(CLOCK.getTime() / 1000 + 3600);
      expect(verifySignedPath(SIGNING_KEY, thumbnail.pathname, thumbnail.searchParams.get('exp'), thumbnail.searchParams.get('sig'))).toBe(true);
      // The file as sent, and a JPEG frame of it, under the creator's own prefix.
      const stored = filesUnder(blobDir).map((f) => f.slice(blobDir.length + 1)).filter((f) => !f.endsWith('.json')).sort();
      expect(stored).toEqual([`media/${userId}/${mediaId}/original`, `media/${userId}/${mediaId}/thumbnail.jpg`]);
      expect(readFileSync(join(blobDir, stored[0])).equals(readFileSync(file(name)))).toBe(true);
      expect(readFileSync(join(blobDir, stored[1])).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(await eventsOf(userId)).toEqual([{ type: 'MediaUploaded', data: expect.objectContaining({ mediaId, userId, kind, width, height, contentType, originalName: name }) }]);
      expect(filesUnder(scratch)).toEqual([]);
    });
  });

  describe('When the file is not something the library takes', () => {
    it.each([
      ['corrupt.mp4 (random bytes)', 'corrupt.mp4', MEDIA_UPLOAD_MESSAGES.notMedia],
      ['notes.mp4 (a text file renamed)', 'notes.mp4', MEDIA_UPLOAD_MESSAGES.notMedia],
      ['sound-only.mp4 (no picture)', 'sound-only.mp4', MEDIA_UPLOAD_MESSAGES.notMedia],
      ['long.mp4 (6 s over a 4 s limit)', 'long.mp4', MEDIA_UPLOAD_MESSAGES.clipTooLong(LIMITS)],
      ['oversize.mp4 (over the clip limit)', 'oversize.mp4', MEDIA_UPLOAD_MESSAGES.clipTooLarge(LIMITS)],
      ['huge.png (over the image limit)', 'huge.png', MEDIA_UPLOAD_MESSAGES.imageTooLarge(LIMITS)],
    ])('should refuse %s with 400, and store and record nothing', async (_label, name, message) => {
      const { userId, token } = aUser();
      const res = await upload(token, name).expect(400);
      expect(res.body).toEqual({ error: message });
      expect(filesUnder(blobDir)).toEqual([]);
      expect(await eventsOf(userId)).toEqual([]);
      expect(await store.readAll()).toEqual([]);
      expect(filesUnder(scratch)).toEqual([]);
    });

    it('should say so in the words the web app shows', () => {
      expect(MEDIA_UPLOAD_MESSAGES.notMedia).toMatch(/^That file is not a video or an image we can use\./);
      expect(MEDIA_UPLOAD_MESSAGES.clipTooLarge({ clipBytes: 200 * MB, imageBytes: 20 * MB })).toBe('That file is too large: clips can be up to 200 MB and images up to 20 MB.');
      expect(MEDIA_UPLOAD_MESSAGES.clipTooLong({ clipSeconds: 180 })).toBe('That clip is too long: clips can be up to 3 minutes.');
    });

    it('should judge by the content, not the name: a PNG called .mp4 is an image, a clip called .png is a clip', async () => {
      const { token } = aUser();
      expect((await upload(token, 'still.png', 'clip.mp4').expect(201)).body).toMatchObject({ kind: 'image', contentType: 'image/png', name: 'clip.mp4' });
      expect((await upload(token, 'landscape.mp4', 'photo.png').expect(201)).body).toMatchObject({ kind: 'clip', contentType: 'video/mp4', name: 'photo.png' });
    });
  });

  /** The creator's library already holds one clip of `bytes`. */
  const aLibraryHolding = async (userId: string, bytes: number) => {
    const held = randomUUID();
    await store.append(mediaLibraryStreamId(userId), [{
      id: randomUUID(), type: 'MediaUploaded', metadata: {},
      data: {
        mediaId: held, userId, kind: 'clip', blobKey: `media/${userId}/${held}/original`, thumbnailKey: `media/${userId}/${held}/thumbnail.jpg`, originalName: 'long.mp4',
        contentType: 'video/mp4', bytes, width: 1920, height: 1080, durationSeconds: 170, at: new Date().toISOString(),
      },
    }]);
  };

  describe("When the library is near the plan's storage quota", () => {
    it('should refuse the upload that would pass it with 400, and leave its files nowhere', async () => {
      const { userId, token } = aUser();
      // A library holding all but 100 bytes of the Free plan's 1 GB.
      await aLibraryHolding(userId, GIB - 100);
      const res = await upload(token, 'still.png').expect(400);
      expect(res.body).toEqual({ error: MEDIA_ERRORS.quota('Free', GIB) });
      expect(filesUnder(blobDir)).toEqual([]);
      expect((await eventsOf(userId)).map((e) => e.type)).toEqual(['MediaUploaded']);
      expect(filesUnder(scratch)).toEqual([]);
    });
  });

  describe('When the library is already full', () => {
    it('should refuse any upload with 400 (before the file is read), storing and recording nothing', async () => {
      const { userId, token } = aUser();
      await aLibraryHolding(userId, GIB);
      const res = await upload(token, 'still.png').expect(400);
      expect(res.body).toEqual({ error: MEDIA_ERRORS.quota('Free', GIB) });
      expect(filesUnder(blobDir)).toEqual([]);
      expect(filesUnder(scratch)).toEqual([]);
      expect((await eventsOf(userId)).map((e) => e.type)).toEqual(['MediaUploaded']);
    });
  });

  describe('When the library holds as many items as it may', () => {
    it('should refuse one more with 400 (before the file is read), storing and recording nothing', async () => {
      const { userId, token } = aUser();
      await store.append(mediaLibraryStreamId(userId), Array.from({ length: MEDIA_LIBRARY_MAX_ITEMS }, () => {
        const mediaId = randomUUID();
        return {
          id: randomUUID(), type: 'MediaUploaded', metadata: {},
          data: {
            mediaId, userId, kind: 'image', blobKey: `media/${userId}/${mediaId}/original`, thumbnailKey: `media/${userId}/${mediaId}/thumbnail.jpg`, originalName: 'dot.png',
            contentType: 'image/png', bytes: 100, width: 1, height: 1, durationSeconds: null, at: new Date().toISOString(),
          },
        };
      }));
      const res = await upload(token, 'still.png').expect(400);
      expect(res.body).toEqual({ error: MEDIA_ERRORS.tooManyItems() });
      expect(filesUnder(blobDir)).toEqual([]);
      expect(filesUnder(scratch)).toEqual([]);
      expect(await eventsOf(userId)).toHaveLength(MEDIA_LIBRARY_MAX_ITEMS);
    });
  });

  describe('When an upload goes on past the limit', () => {
    it('should answer 400 as soon as the limit is passed, without reading the rest (memory stays flat: nothing is kept)', async () => {
      const { userId, token } = aUser();
      const server = app.listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        const { port } = server.address() as AddressInfo;
        const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/media', headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' } });
        req.on('error', () => undefined); // the server closes the connection once it has answered
        let answered: IncomingMessage | null = null;
        const response = new Promise<IncomingMessage>((resolve) => req.on('response', (res) => resolve((answered = res))));
        req.write('--xyz\r\ncontent-disposition: form-data; name="file"; filename="endless.mp4"\r\ncontent-type: video/mp4\r\n\r\n');
        // A body with no end: up to 20 times the limit is offered, 256 kB at a time, until the answer comes.
        const chunk = randomBytes(256 * 1024);
        let written = 0;
        while (!answered && written < 20 * LIMITS.clipBytes && !req.destroyed) {
          written += chunk.length;
          if (!req.write(chunk)) await Promise.race([once(req, 'drain'), response, once(req, 'close')]);
        }
        const res = await response;
        const body = await new Promise<string>((resolve) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve(text));
        });
        req.destroy();
        expect(res.statusCode).toBe(400);
        expect(JSON.parse(body)).toEqual({ error: MEDIA_UPLOAD_MESSAGES.clipTooLarge(LIMITS) });
        // What was sent before the answer and the close: the limit, a few MB dropped after the answer, and the sockets' buffers.
        expect(written).toBeLessThan(4 * LIMITS.clipBytes);
        expect(filesUnder(blobDir)).toEqual([]);
        expect(filesUnder(scratch)).toEqual([]);
        expect(await eventsOf(userId)).toEqual([]);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  describe('When the request is not a single-file upload', () => {
    const post = (token: string) => request(app).post('/api/media').set('authorization', `Bearer ${token}`);
    it('should answer 401 without a session, before reading anything', async () => {
      await request(app).post('/api/media').attach('file', file('still.png')).expect(401);
      expect(filesUnder(blobDir)).toEqual([]);
    });
    it('should answer 400 to JSON, to a multipart body without a boundary or cut short, to no file and to two files', async () => {
      const { userId, token } = aUser();
      expect((await post(token).send({ file: 'x' }).expect(400)).body).toEqual({ error: MEDIA_UPLOAD_MESSAGES.notMultipart });
      expect((await post(token).set('content-type', 'multipart/form-data').send('--x\r\n').expect(400)).body).toEqual({ error: MEDIA_UPLOAD_MESSAGES.notMultipart });
      const cut = '--b\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\nPNGDATA';
      expect((await post(token).set('content-type', 'multipart/form-data; boundary=b').send(cut).expect(400)).body).toEqual({ error: expect.any(String) });
      expect((await post(token).field('title', 'no file here').expect(400)).body).toEqual({ error: MEDIA_UPLOAD_MESSAGES.noFile });
      expect((await post(token).attach('file', file('still.png')).attach('file', file('photo.jpg')).expect(400)).body).toEqual({ error: MEDIA_UPLOAD_MESSAGES.oneFile });
      expect(filesUnder(blobDir)).toEqual([]);
      expect(await eventsOf(userId)).toEqual([]);
      expect(filesUnder(scratch)).toEqual([]);
    });
  });

  describe('When an item is deleted', () => {
    it('should record the deletion, free its files, and answer 404 to another creator, to an unknown id and to a second delete', async () => {
      const owner = aUser();
      const other = aUser();
      const { body } = await upload(owner.token, 'still.png').expect(201);
      const del = (token: string, id: string) => request(app).delete(`/api/media/${id}`).set('authorization', `Bearer ${token}`);

      expect((await del(other.token, body._id).expect(404)).body).toEqual({ error: 'Media not found' });
      expect(filesUnder(blobDir).some((f) => f.includes(body._id))).toBe(true);
      await del(owner.token, randomUUID()).expect(404);

      expect((await del(owner.token, body._id).expect(200)).body).toEqual({ success: true, position: expect.any(Number) });
      expect(filesUnder(blobDir).filter((f) => f.includes(body._id))).toEqual([]);
      expect((await eventsOf(owner.userId)).map((e) => e.type)).toEqual(['MediaUploaded', 'MediaDeleted']);
      await del(owner.token, body._id).expect(404);
      expect(await eventsOf(other.userId)).toEqual([]);
    });
  });

  describe('When the service stops', () => {
    it('should stop sweeping abandoned resumable uploads (its folder may go with it)', async () => {
      // Given the handlers of a service that sweeps every 250 ms, logging what it could not sweep,
      const lines: string[] = [];
      const logger = createLogger('command-api', { level: 'warn', destination: new Writable({ write: (chunk: Buffer, _e, cb) => { lines.push(chunk.toString()); cb(); } }) });
      const uploads = mkdtempSync(join(tmpdir(), 'media-sweep-'));
      const stopping = new AbortController();
      mediaHandlers({
        eventStore: store, blobs: new LocalDiskBlobStore(blobDir), clock: { now: () => new Date(CLOCK) }, logger, signingKey: SIGNING_KEY,
        media: { tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, limits: LIMITS, tmpDir: uploads, resumableExpiryMs: 500 }, stopping: stopping.signal,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // when it stops and its upload folder is removed,
      stopping.abort();
      rmSync(uploads, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 800));
      // then nothing sweeps the folder that is gone.
      expect(lines.filter((line) => line.includes('Could not sweep'))).toEqual([]);
    });
  });
});
