/**
 * The creator's own media on the embedded product (issue 18), through its one origin: a resumable
 * (tus) upload cut off mid-way and resumed to completion with tus-js-client, the tus path's refusals
 * leaving nothing behind, abandoned uploads swept, and "Upload Video": a finished clip made
 * elsewhere becoming a done video of the creator's (normalised by a render worker), counted against
 * the plan and captioned like a generated one.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { MIN_POSITION_HEADER } from '@app/domain';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';
import { eventually } from '../support/eventually';

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);
const filesUnder = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)) : []);

describe("The creator's own media, end to end on the embedded product", () => {
  jest.setTimeout(240_000);
  let server: TestServer;
  let work: string;
  let uploads: string;
  const file = (name: string) => join(work, name);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'own-media-'));
    uploads = mkdtempSync(join(tmpdir(), 'own-media-uploads-'));
    // About 8 MB of clip that does not compress (noise), so that a cut in the middle is a cut in the bytes.
    ffmpeg('-f', 'lavfi', '-i', 'nullsrc=s=640x360:r=25:d=4,geq=random(1)*255:128:128', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
      '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '10', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file('noise.mp4'));
    server = await startEmbeddedServer({ webDist: null, env: { UPLOAD_TMP_DIR: uploads, SHED_LOOP_DELAY_MS: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
    rmSync(uploads, { recursive: true, force: true });
  });

  const register = async () => {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Own Media', email: `own-${randomUUID().slice(0, 8)}@example.com`, password: 'secret1!' }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const api = async (token: string, path: string, init: RequestInit = {}, position = 0) => {
    const res = await fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', [MIN_POSITION_HEADER]: String(position), ...init.headers } });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> & { error?: string } };
  };
  const tusDir = () => join(uploads, 'media-tus');
  const libraryFiles = () => filesUnder(join(server.dataDir, 'media', 'media'));

  /** Starts a tus upload of `data` and resolves with its URL once `cutAt` bytes went out, the connection dropped there. */
  const cutOff = (token: string, data: Buffer, cutAt: number) => new Promise<string>((resolve, reject) => {
    let cut = false;
    const upload: tus.Upload = new tus.Upload(data, {
      endpoint: `${server.url}/api/media/uploads`,
      headers: { authorization: `Bearer ${token}` },
      metadata: { filename: 'noise.mp4' },
      // One PATCH for the whole file: the cut falls inside its body.
      chunkSize: Number.POSITIVE_INFINITY,
      retryDelays: [],
      onProgress: (sent) => {
        if (cut || sent < cutAt) return;
        cut = true;
        void upload.abort(false).then(() => resolve(upload.url!));
      },
      onError: (error) => (cut ? undefined : reject(error)),
      onSuccess: () => (cut ? undefined : reject(new Error('The upload finished before it was cut off'))),
    });
    upload.start();
  });

  it('should resume an upload whose connection dropped, from where the server says it is, and check and list the file', async () => {
    const token = await register();
    const data = readFileSync(file('noise.mp4'));
    expect(data.length).toBeGreaterThan(4 * 1024 * 1024);
    const url = await cutOff(token, data, Math.floor(data.length * 0.4));

    // The server kept what arrived before the cut.
    const head = await eventually(async () => {
      const res = await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } });
      return { status: res.status, offset: Number(res.headers.get('upload-offset')), length: Number(res.headers.get('upload-length')) };
    }, (h) => h.status === 200 && h.offset > 0);
    expect(head.length).toBe(data.length);
    expect(head.offset).toBeLessThan(data.length);
    // Another creator cannot see it.
    expect((await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${await register()}`, 'tus-resumable': '1.0.0' } })).status).toBe(404);

    let sentFrom = -1;
    const item = await new Promise<{ _id: string; kind: string; name: string; durationSeconds: number; position: number }>((resolve, reject) => {
      const resumed = new tus.Upload(data, {
        uploadUrl: url,
        headers: { authorization: `Bearer ${token}` },
        chunkSize: Number.POSITIVE_INFINITY,
        retryDelays: [],
        onProgress: (sent) => { if (sentFrom < 0) sentFrom = sent; },
        onError: reject,
        onSuccess: (payload) => resolve(JSON.parse(payload.lastResponse.getBody()) as never),
      });
      resumed.start();
    });
    // Resumed, not started again: the first bytes it reported sending were past the cut.
    expect(sentFrom).toBeGreaterThanOrEqual(head.offset);
    expect(item).toMatchObject({ kind: 'clip', name: 'noise.mp4', durationSeconds: 4 });
    const library = await api(token, '/api/media', {}, item.position);
    expect(library.body.media).toEqual([expect.objectContaining({ _id: item._id, bytes: data.length })]);
    // The bytes are in the library now, none left waiting.
    expect(filesUnder(tusDir())).toEqual([]);
  });

  it('should refuse over-size and not-media files on the tus path, in JSON, leaving nothing', async () => {
    const token = await register();
    const tusHeaders = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
    const before = libraryFiles().length;
    const tooLarge = await fetch(`${server.url}/api/media/uploads`, { method: 'POST', headers: { ...tusHeaders, 'upload-length': String(300 * 1024 * 1024) } });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: 'That file is too large: clips can be up to 200 MB and images up to 20 MB.' });

    const notes = Buffer.from('These are my notes for the video, not a video.\n'.repeat(100));
    const error = await new Promise<Error>((resolve, reject) => {
      new tus.Upload(notes, {
        endpoint: `${server.url}/api/media/uploads`, headers: { authorization: `Bearer ${token}` }, metadata: { filename: 'notes.mp4' }, retryDelays: [],
        onError: resolve, onSuccess: () => reject(new Error('A text file was taken as media')),
      }).start();
    });
    expect(error.message).toContain('not a video or an image we can use');
    expect(libraryFiles()).toHaveLength(before);
    expect(filesUnder(tusDir())).toEqual([]);
    expect((await api(token, '/api/media')).body).toMatchObject({ media: [], usedBytes: 0 });
  });

  it('should make a finished clip a done video of the creator\'s ("Upload Video"), counted against the plan and captioned', async () => {
    const token = await register();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(readFileSync(file('noise.mp4')))]), 'My holiday.mp4');
    const uploaded = (await (await fetch(`${server.url}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as { _id: string };

    const made = await api(token, '/api/video/upload', { method: 'POST', body: JSON.stringify({ mediaId: uploaded._id }) });
    expect(made.status).toBe(201);
    const videoId = made.body.videoId as string;
    const done = await eventually(() => api(token, `/api/video/status/${videoId}`), (s) => s.body.status === 'done' || s.body.status === 'failed', 120_000, 500);
    expect(done.body.status).toBe('done');
    const detail = (await api(token, `/api/video/${videoId}`)).body as Record<string, unknown> & { streamUrl: string };
    // Landscape: the 16:9 frame; titled after the file; no studio for a finished video.
    expect(detail).toMatchObject({ title: 'My holiday', aspectRatio: '16:9', uploaded: true, studio: null, status: 'done' });
    const mp4 = Buffer.from(await (await fetch(`${server.url}${detail.streamUrl}`)).arrayBuffer());
    writeFileSync(file('made.mp4'), mp4);
    const probed = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file('made.mp4')]).toString()) as { streams: Array<Record<string, unknown>> };
    expect(probed.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([['video', 'h264'], ['audio', 'aac']]);
    expect(probed.streams[0]).toMatchObject({ width: 1920, height: 1080 });

    const caption = await api(token, `/api/video/${videoId}/caption`, { method: 'POST', body: JSON.stringify({ description: 'Sun, sea and noise.' }) });
    expect(caption.status).toBe(200);
    expect((await api(token, '/api/video/stats', {}, caption.body.position as number)).body).toMatchObject({ monthlyCount: 1 });
    // Studio edits are refused; another creator cannot turn the item into a video of theirs.
    expect((await api(token, `/api/video/${videoId}/voice`, { method: 'PUT', body: JSON.stringify({ voiceId: 'JBFqnCBsd6RMkjVDRZzb' }) })).status).toBe(409);
    expect((await api(await register(), '/api/video/upload', { method: 'POST', body: JSON.stringify({ mediaId: uploaded._id }) })).status).toBe(404);
  });

  it("should refuse a video naming another creator's library item, writing nothing", async () => {
    const owner = await register();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(readFileSync(file('noise.mp4')))]), 'noise.mp4');
    const item = (await (await fetch(`${server.url}/api/media`, { method: 'POST', headers: { authorization: `Bearer ${owner}` }, body: form })).json()) as { _id: string };
    const other = await register();
    const body = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'pixel', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English', sceneMedia: [{ mediaId: item._id }] };
    const refused = await api(other, '/api/generate-video', { method: 'POST', body: JSON.stringify(body) });
    expect(refused).toMatchObject({ status: 400, body: { error: 'That media is not in your library (it may have been deleted). Please choose another item.' } });
    expect((await api(other, '/api/video/stats')).body).toMatchObject({ monthlyCount: 0 });
  });
});

describe('Resumable uploads abandoned past their expiry', () => {
  it('should be swept with their bytes', async () => {
    const uploads = mkdtempSync(join(tmpdir(), 'own-media-expiry-'));
    // MEDIA_RESUMABLE_EXPIRY_MINUTES of 0.02: 1.2 s.
    const server = await startEmbeddedServer({ webDist: null, render: false, env: { UPLOAD_TMP_DIR: uploads, MEDIA_RESUMABLE_EXPIRY_MINUTES: '0.02' } });
    try {
      const registered = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Gone Away', email: `gone-${randomUUID().slice(0, 8)}@example.com`, password: 'secret1!' }),
      });
      const { token } = (await registered.json()) as { token: string };
      const created = await fetch(`${server.url}/api/media/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-length': '5000' } });
      expect(created.status).toBe(201);
      const id = created.headers.get('location')!.split('/').pop()!;
      const waiting = () => filesUnder(join(uploads, 'media-tus')).filter((f) => f.includes(id));
      expect(waiting()).toHaveLength(2);
      await eventually(async () => waiting().length, (left) => left === 0, 10_000, 200);
      const gone = await fetch(`${server.url}/api/media/uploads/${id}`, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } });
      expect([404, 410]).toContain(gone.status);
    } finally {
      await server.stop();
      rmSync(uploads, { recursive: true, force: true });
    }
  });
});
