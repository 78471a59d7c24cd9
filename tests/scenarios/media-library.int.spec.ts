/**
 * The media library on the embedded product (issue 18): files a creator might bring, made here
 * with ffmpeg, uploaded through the one origin, then listed by GET /api/media from the read model
 * with their kind, dimensions and duration, newest first; refused files leave nothing behind; no
 * creator sees or deletes another's items.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIN_POSITION_HEADER } from '@app/domain';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);

describe('The media library, end to end on the embedded product', () => {
  jest.setTimeout(120_000);
  let server: TestServer;
  let work: string;
  const file = (name: string) => join(work, name);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'media-scenario-'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=25:d=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file('landscape.mp4'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=1080x1920:r=25:d=3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mov', file('portrait.mov'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=800x600', '-frames:v', '1', file('still.png'));
    server = await startEmbeddedServer({ webDist: null, render: false });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const register = async () => {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Media Maker', email: `media-${randomUUID().slice(0, 8)}@example.com`, password: 'secret1!' }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const upload = async (token: string, name: string, data: Buffer = readFileSync(file(name))) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const res = await fetch(`${server.url}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const list = async (token: string, position = 0) => {
    const res = await fetch(`${server.url}/api/media`, { headers: { authorization: `Bearer ${token}`, [MIN_POSITION_HEADER]: String(position) } });
    return (await res.json()) as { media: Array<Record<string, unknown> & { _id: string; thumbnailUrl: string }>; usedBytes: number; storageBytes: number };
  };
  const mediaFiles = () => {
    const dir = join(server.dataDir, 'media', 'media');
    return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)) : [];
  };

  it('should list what was uploaded with its kind, dimensions and duration, newest first, and only to its owner', async () => {
    const token = await register();
    const other = await register();
    const clip = await upload(token, 'landscape.mp4');
    const portrait = await upload(token, 'portrait.mov');
    const still = await upload(token, 'still.png');
    expect([clip.status, portrait.status, still.status]).toEqual([201, 201, 201]);

    const library = await list(token, still.body.position as number);
    expect(library.media.map((m) => [m.name, m.kind, m.contentType, m.width, m.height, m.durationSeconds])).toEqual([
      ['still.png', 'image', 'image/png', 800, 600, null],
      ['portrait.mov', 'clip', 'video/quicktime', 1080, 1920, 3],
      ['landscape.mp4', 'clip', 'video/mp4', 1920, 1080, 2],
    ]);
    expect(library.usedBytes).toBe(['landscape.mp4', 'portrait.mov', 'still.png'].reduce((sum, name) => sum + readFileSync(file(name)).length, 0));
    for (const item of library.media) {
      const thumbnail = await fetch(`${server.url}${item.thumbnailUrl}`);
      expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      await thumbnail.arrayBuffer();
    }

    // Another creator sees none of it and cannot delete it.
    expect((await list(other, still.body.position as number)).media).toEqual([]);
    const refused = await fetch(`${server.url}/api/media/${clip.body._id as string}`, { method: 'DELETE', headers: { authorization: `Bearer ${other}` } });
    expect([refused.status, await refused.json()]).toEqual([404, { error: 'Media not found' }]);

    // The owner deletes the clip: gone from the list and from the disk.
    expect(mediaFiles().filter((f) => f.includes(clip.body._id as string)).map((f) => f.split('/').pop()).sort()).toEqual(['original', 'thumbnail.jpg']);
    const deleted = await fetch(`${server.url}/api/media/${clip.body._id as string}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    const { position } = (await deleted.json()) as { position: number };
    expect((await list(token, position)).media.map((m) => m.name)).toEqual(['still.png', 'portrait.mov']);
    expect(mediaFiles().filter((f) => f.includes(clip.body._id as string))).toEqual([]);
  });

  it('should refuse a corrupt file and a text file called .mp4, and keep nothing of them', async () => {
    const token = await register();
    const before = mediaFiles().length;
    for (const [name, data] of [['corrupt.mp4', randomBytes(100_000)], ['notes.mp4', Buffer.from('Not a video at all.\n'.repeat(100))]] as const) {
      const res = await upload(token, name, data);
      expect([res.status, res.body.error]).toEqual([400, expect.stringMatching(/^That file is not a video or an image we can use\./)]);
    }
    expect(mediaFiles().length).toBe(before);
    expect((await list(token)).media).toEqual([]);
  });
});
