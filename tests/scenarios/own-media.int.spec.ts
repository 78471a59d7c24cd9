/**
 * The creator's own media on the embedded product (issue 18), through its one origin: a 1080p
 * landscape clip, a portrait clip and a still (made here by ffmpeg, each with a colour signature of
 * its own) uploaded through POST /api/media and rendered into a video whose frames at those scenes'
 * times are theirs (the portrait clip centre-cropped into the 16:9 frame, and letterboxed where
 * chosen); a resumable (tus) upload cut off mid-way and resumed to completion with tus-js-client, the
 * tus path's refusals leaving nothing behind, abandoned uploads swept, and "Import a video" (the
 * UploadVideo command): a finished clip made elsewhere becoming a done video of the creator's
 * (normalised by a render worker), counted against the plan and captioned like a generated one.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { MIN_POSITION_HEADER, type VideoDetail } from '@app/domain';
import { colourAt, type FrameRegion, type Rgb } from '@app/render-workers/testing';
import { ApiClient } from '../api/client';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';
import { eventually } from '../support/eventually';

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);

/** The colours the test files are made of, and the black of letterbox bars. */
const COLOURS = { red: [255, 0, 0], lime: [0, 255, 0], yellow: [255, 255, 0], cyan: [0, 255, 255], blue: [0, 0, 255], black: [0, 0, 0] } as const;
type Colour = keyof typeof COLOURS;
/** The named colour a measured one is (each channel within 60 of it), or what it measured. */
const nameOf = (c: Rgb): Colour | Rgb => (Object.keys(COLOURS) as Colour[]).find((name) => {
  const [r, g, b] = COLOURS[name];
  return Math.max(Math.abs(c.r - r), Math.abs(c.g - g), Math.abs(c.b - b)) < 60;
}) ?? c;

/** Where a frame's signature is read: away from the captions (bottom third). */
const REGIONS = {
  left: { x: 0.03, y: 0.3, w: 0.15, h: 0.15 },
  right: { x: 0.82, y: 0.3, w: 0.15, h: 0.15 },
  centre: { x: 0.44, y: 0.42, w: 0.12, h: 0.12 },
  top: { x: 0.45, y: 0.04, w: 0.1, h: 0.1 },
} satisfies Record<string, FrameRegion>;

const filesUnder = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)) : []);

describe("The creator's own media, end to end on the embedded product", () => {
  jest.setTimeout(420_000);
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
    // Colour signatures a frame can be told by. A 1080p landscape clip: red on the left half, lime on the right (with a tone).
    ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=1920x1080:r=25:d=3,drawbox=x=960:y=0:w=960:h=1080:color=lime:t=fill', '-f', 'lavfi', '-i', 'sine=frequency=1000:duration=3',
      '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file('landscape-1080p.mp4'));
    // A portrait clip (1080×1920): yellow thirds above and below a cyan third. Centre-cropped into 16:9 only the cyan is seen;
    // letterboxed, the whole clip stands between black bars, yellow at its top.
    ffmpeg('-f', 'lavfi', '-i', 'color=c=yellow:s=1080x1920:r=25:d=3,drawbox=x=0:y=640:w=1080:h=640:color=cyan:t=fill',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mov', file('portrait.mov'));
    // A still: a blue 4:3 photo.
    ffmpeg('-f', 'lavfi', '-i', 'color=c=blue:s=800x600', '-frames:v', '1', '-q:v', '2', file('still.jpg'));
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

  /**
   * Creates a tus upload of `data`, sends its first `cutAt` bytes in a PATCH that announces them
   * all, and drops the connection once the server has started writing them: the server holds a
   * part, never the whole. Resolves with the upload's URL. (tus-js-client's own progress events
   * are throttled to one per 100 ms, so a cut made from them could fall after the last byte.)
   */
  const cutOff = async (token: string, data: Buffer, cutAt: number): Promise<string> => {
    const tusHeaders = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${server.url}/api/media/uploads`, {
      method: 'POST', headers: { ...tusHeaders, 'upload-length': String(data.length), 'upload-metadata': `filename ${Buffer.from('noise.mp4').toString('base64')}` },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, server.url).toString();
    const onDisk = join(tusDir(), url.split('/').pop()!);
    const patch = request(url, {
      method: 'PATCH', headers: { ...tusHeaders, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(data.length) },
    });
    patch.on('error', () => undefined);
    patch.write(data.subarray(0, cutAt));
    await eventually(async () => (existsSync(onDisk) ? statSync(onDisk).size : 0), (size) => size > 0, 15_000, 20);
    patch.destroy();
    return url;
  };

  it("should render uploaded clips and a still into the video at their scenes' times: 1080p as is, portrait centre-cropped or letterboxed", async () => {
    const api = new ApiClient(server.url);
    const { token } = (await api.call('register', { body: { name: 'Own Frames', email: `frames-${randomUUID().slice(0, 8)}@example.com`, password: 'secret1!' } })).body as { token: string };
    const upload = async (name: string, type: string) => (await api.call('uploadMedia', { token, files: { file: { name, type, data: readFileSync(file(name)) } } })).body as { _id: string; kind: string; width: number; height: number };
    const landscape = await upload('landscape-1080p.mp4', 'video/mp4');
    const portrait = await upload('portrait.mov', 'video/quicktime');
    const still = await upload('still.jpg', 'image/jpeg');
    expect([landscape, portrait, still].map((m) => [m.kind, m.width, m.height])).toEqual([['clip', 1920, 1080], ['clip', 1080, 1920], ['image', 800, 600]]);

    // As the wizard sends them: the items in scene order, each with how it fills the frame.
    const sceneMedia = [
      { mediaId: landscape._id, fit: 'crop' }, { mediaId: portrait._id, fit: 'crop' }, { mediaId: portrait._id, fit: 'letterbox' }, { mediaId: still._id, fit: 'crop' },
    ];
    const made = await api.call('generateVideo', {
      token, body: { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'pixel', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '16:9', language: 'English', sceneMedia },
    });
    const videoId = (made.body as { videoId: string }).videoId;
    const status = await eventually(async () => (await api.call('videoStatus', { token, params: { id: videoId } })).body as { status: string }, (s) => s.status === 'done' || s.status === 'failed', 300_000, 1000);
    expect(status.status).toBe('done');

    const detail = (await api.call('getVideoById', { token, params: { id: videoId } })).body as VideoDetail;
    const scenes = detail.studio!.scenes;
    // A 30 s video has four scenes or more: one for each item.
    expect(scenes.length).toBeGreaterThanOrEqual(sceneMedia.length);
    expect(scenes.slice(0, 4).map((s) => s.media && [s.media.mediaId, s.media.kind, s.media.fit])).toEqual(sceneMedia.map((m, i) => [m.mediaId, i === 3 ? 'image' : 'clip', m.fit]));
    const video = file('own-frames.mp4');
    writeFileSync(video, Buffer.from(await (await api.fetch(detail.streamUrl!)).arrayBuffer()));
    const probed = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_streams', '-of', 'json', video]).toString()) as { streams: Array<{ width: number; height: number }> };
    expect(probed.streams[0]).toMatchObject({ width: 1920, height: 1080 });

    /** The named colours of the frame at the middle of scene `index`, by region. */
    const signature = async (index: number) => {
      const { start, end } = scenes[index];
      const middle = (start! + end!) / 2;
      return Object.fromEntries(await Promise.all((Object.keys(REGIONS) as Array<keyof typeof REGIONS>).map(async (region) => [region, nameOf(await colourAt(video, middle, REGIONS[region]))])));
    };
    const expected = [
      // The 1080p clip fills the 16:9 frame as it is: red left, lime right (the middle is where they meet).
      { left: 'red', right: 'lime' },
      // The portrait clip centre-cropped: its cyan middle third fills the frame, edge to edge and top to bottom.
      { left: 'cyan', right: 'cyan', centre: 'cyan', top: 'cyan' },
      // The same clip letterboxed: whole between black bars, its yellow top third at the top of the frame.
      { left: 'black', right: 'black', centre: 'cyan', top: 'yellow' },
      // The still, cropped to fill (and moving like a generated picture): blue everywhere.
      { left: 'blue', right: 'blue', centre: 'blue', top: 'blue' },
    ];
    const seen = await Promise.all(expected.map((_, index) => signature(index)));
    expect(seen.map((s, i) => (i === 0 ? { left: s.left, right: s.right } : s))).toEqual(expected);
  });

  it('should resume an upload whose connection dropped, from where the server says it is, and check and list the file', async () => {
    const token = await register();
    const data = readFileSync(file('noise.mp4'));
    expect(data.length).toBeGreaterThan(4 * 1024 * 1024);
    const url = await cutOff(token, data, Math.floor(data.length * 0.4));

    // The server kept what arrived before the cut.
    const head = await eventually(async () => {
      const res = await fetch(url, { method: 'HEAD', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } });
      // (A refusal's reason in the failure message, should there be one.)
      const refusal = res.status === 200 ? undefined : (await fetch(url, { headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } }).then((r) => r.text()));
      return { status: res.status, offset: Number(res.headers.get('upload-offset')), length: Number(res.headers.get('upload-length')), refusal, url };
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

  it('should make a finished clip a done video of the creator\'s ("Import a video", the UploadVideo command), counted against the plan and captioned', async () => {
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
