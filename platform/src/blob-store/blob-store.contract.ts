import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobStore } from './port';

/** The one contract every BlobStore adapter passes. `factory` opens a store; keys are fresh per test. */
export type BlobStoreFactory = () => Promise<BlobStore>;

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export function blobStoreContract(name: string, factory: BlobStoreFactory): void {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore;
    let prefix: string;
    let scratch: string;

    beforeAll(async () => {
      store = await factory();
      scratch = await mkdtemp(join(tmpdir(), 'blob-contract-'));
    });

    afterAll(async () => {
      await rm(scratch, { recursive: true, force: true });
    });

    beforeEach(() => {
      prefix = `videos/${randomUUID()}`;
    });

    describe('When a buffer is stored', () => {
      it('should report its size and content type and read it back', async () => {
        const info = await store.put(`${prefix}/script.json`, Buffer.from('{"title":"Hi"}'), 'application/json');
        expect(info).toEqual({ size: 14, contentType: 'application/json' });
        expect(await store.stat(`${prefix}/script.json`)).toEqual({ size: 14, contentType: 'application/json' });
        expect(await text(await store.read(`${prefix}/script.json`))).toBe('{"title":"Hi"}');
      });

      it('should keep a content type the extension does not say', async () => {
        await store.put(`${prefix}/blob`, Buffer.from('x'), 'video/mp4');
        expect(await store.stat(`${prefix}/blob`)).toEqual({ size: 1, contentType: 'video/mp4' });
      });

      it('should replace an existing blob', async () => {
        await store.put(`${prefix}/a.txt`, Buffer.from('first'), 'text/plain');
        await store.put(`${prefix}/a.txt`, Buffer.from('second!'), 'text/plain');
        expect(await store.stat(`${prefix}/a.txt`)).toEqual({ size: 7, contentType: 'text/plain' });
        expect(await text(await store.read(`${prefix}/a.txt`))).toBe('second!');
      });
    });

    describe('When a byte range is read', () => {
      it('should return the bytes from start to end inclusive', async () => {
        await store.put(`${prefix}/video.mp4`, Buffer.from('0123456789'), 'video/mp4');
        expect(await text(await store.read(`${prefix}/video.mp4`, { start: 2, end: 5 }))).toBe('2345');
        expect(await text(await store.read(`${prefix}/video.mp4`, { start: 0, end: 0 }))).toBe('0');
        expect(await text(await store.read(`${prefix}/video.mp4`, { start: 7, end: 9 }))).toBe('789');
      });

      it('should stop at the last byte when the range ends past it', async () => {
        await store.put(`${prefix}/video.mp4`, Buffer.from('0123456789'), 'video/mp4');
        expect(await text(await store.read(`${prefix}/video.mp4`, { start: 8, end: 100 }))).toBe('89');
      });

      it('should reject a range that starts past the end', async () => {
        await store.put(`${prefix}/video.mp4`, Buffer.from('0123'), 'video/mp4');
        await expect(store.read(`${prefix}/video.mp4`, { start: 4, end: 10 })).rejects.toThrow();
      });
    });

    describe('When a local file is stored', () => {
      it('should take the file and serve its bytes', async () => {
        const source = join(scratch, `${randomUUID()}.mp4`);
        await writeFile(source, Buffer.alloc(2048, 7));
        const info = await store.putFile(`${prefix}/final.mp4`, source, 'video/mp4');
        expect(info).toEqual({ size: 2048, contentType: 'video/mp4' });
        const read = Buffer.from(await text(await store.read(`${prefix}/final.mp4`, { start: 2040, end: 2047 })), 'utf8');
        expect([...read]).toEqual(Array(8).fill(7));
      });

      it('should give a local path with the bytes when the store is on disk', async () => {
        await store.put(`${prefix}/narration.wav`, Buffer.from('RIFF'), 'audio/wav');
        const path = store.localPath(`${prefix}/narration.wav`);
        if (path !== null) expect(await readFile(path, 'utf8')).toBe('RIFF');
      });
    });

    describe('When a blob is missing', () => {
      it('should stat as null and fail to read', async () => {
        expect(await store.stat(`${prefix}/nothing.mp4`)).toBeNull();
        await expect(store.read(`${prefix}/nothing.mp4`)).rejects.toThrow();
      });

      it('should delete quietly', async () => {
        await expect(store.delete(`${prefix}/nothing.mp4`)).resolves.toBeUndefined();
        await expect(store.deletePrefix(`${prefix}/`)).resolves.toBeUndefined();
      });
    });

    describe('When blobs are deleted', () => {
      it('should delete one blob', async () => {
        await store.put(`${prefix}/a.png`, Buffer.from('a'), 'image/png');
        await store.put(`${prefix}/b.png`, Buffer.from('b'), 'image/png');
        await store.delete(`${prefix}/a.png`);
        expect(await store.stat(`${prefix}/a.png`)).toBeNull();
        expect(await store.stat(`${prefix}/b.png`)).not.toBeNull();
      });

      it('should delete every blob under a prefix and nothing else', async () => {
        const other = `videos/${randomUUID()}`;
        await store.put(`${prefix}/images/1.png`, Buffer.from('1'), 'image/png');
        await store.put(`${prefix}/images/2.png`, Buffer.from('2'), 'image/png');
        await store.put(`${prefix}/final.mp4`, Buffer.from('v'), 'application/x-custom');
        await store.put(`${other}/final.mp4`, Buffer.from('v'), 'video/mp4');
        await store.deletePrefix(`${prefix}/`);
        expect(await store.stat(`${prefix}/images/1.png`)).toBeNull();
        expect(await store.stat(`${prefix}/final.mp4`)).toBeNull();
        expect(await store.stat(`${other}/final.mp4`)).not.toBeNull();
        // A blob stored again under the prefix does not inherit old metadata.
        await store.put(`${prefix}/final.mp4`, Buffer.from('v'), 'video/mp4');
        expect(await store.stat(`${prefix}/final.mp4`)).toEqual({ size: 1, contentType: 'video/mp4' });
      });

      it('should delete by a partial name within a folder', async () => {
        await store.put(`${prefix}/scene-1.png`, Buffer.from('1'), 'image/png');
        await store.put(`${prefix}/scene-2.png`, Buffer.from('2'), 'image/png');
        await store.put(`${prefix}/music.mp3`, Buffer.from('m'), 'audio/mpeg');
        await store.deletePrefix(`${prefix}/scene-`);
        expect(await store.stat(`${prefix}/scene-1.png`)).toBeNull();
        expect(await store.stat(`${prefix}/scene-2.png`)).toBeNull();
        expect(await store.stat(`${prefix}/music.mp3`)).not.toBeNull();
      });
    });

    describe('When a key is not a plain relative path', () => {
      it.each(['../escape.txt', 'videos/../../escape.txt', '/etc/passwd', 'a//b', './a', 'a\\b', ''])('should reject %p', async (key) => {
        await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow();
        await expect(store.stat(key)).rejects.toThrow();
      });

      it('should reject a prefix that climbs out', async () => {
        await expect(store.deletePrefix('../')).rejects.toThrow();
        await expect(store.deletePrefix('/')).rejects.toThrow();
      });
    });
  });
}
