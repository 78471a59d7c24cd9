import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { LocalDiskBlobStore } from '@app/platform';
import { blobETag, conditionsOf, sendBlob } from './handlers';

const KEY = 'videos/u1/v1/video.mp4';
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

describe('sendBlob with cache validators (a rendered video)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'send-blob-'));
  const blobs = new LocalDiskBlobStore(dir);
  const app = express();
  app.get('/video', (req, res, next) => void sendBlob(blobs, KEY, req.get('range'), res, { 'cache-control': 'private, max-age=3600' }, conditionsOf(req)).catch(next));
  app.get('/preview', (req, res, next) => void sendBlob(blobs, KEY, req.get('range'), res).catch(next));
  const etag = blobETag(KEY, bytes.length);

  beforeAll(() => blobs.put(KEY, bytes, 'video/mp4'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should send the whole file with a strong ETag, and only with validators asked for', async () => {
    const whole = await request(app).get('/video').buffer(true);
    expect(whole.status).toBe(200);
    expect(whole.headers.etag).toBe(etag);
    expect(whole.headers.etag).toMatch(/^"[^"]+"$/);
    expect(whole.headers['content-length']).toBe('1000');
    expect((await request(app).get('/preview')).headers.etag).toBeUndefined();
  });

  it('should answer 304 without a body when If-None-Match names it, even with a Range', async () => {
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await request(app).get('/video').set('if-none-match', ifNoneMatch).set('range', 'bytes=0-99');
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['content-length']).toBeUndefined();
    }
    expect((await request(app).get('/video').set('if-none-match', '"other"')).status).toBe(200);
  });

  it('should honour a Range whose If-Range names the file, and send the whole file when it names another', async () => {
    const part = await request(app).get('/video').set('range', 'bytes=100-199').set('if-range', etag).buffer(true);
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(Buffer.from(part.body as Buffer)).toEqual(bytes.subarray(100, 200));
    const stale = await request(app).get('/video').set('range', 'bytes=100-199').set('if-range', '"an-older-file"').buffer(true);
    expect(stale.status).toBe(200);
    expect(stale.headers['content-length']).toBe('1000');
    // A date cannot match: these answers carry no Last-Modified to compare it with.
    expect((await request(app).get('/video').set('range', 'bytes=0-9').set('if-range', 'Wed, 21 Oct 2015 07:28:00 GMT')).status).toBe(200);
    expect((await request(app).get('/video').set('range', 'bytes=0-9')).status).toBe(206);
  });

  it('should give a file of another size or key another tag', () => {
    expect(blobETag(KEY, 1001)).not.toBe(etag);
    expect(blobETag('videos/u1/v1/v2/video.mp4', 1000)).not.toBe(etag);
  });
});
