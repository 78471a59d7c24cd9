import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { STATUS_TABLE } from '@app/domain';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';

jest.setTimeout(240_000);

/**
 * The product's main job through its public API, with no keys and no servers: a new user asks for
 * a video and gets a playable MP4, following the spec's status table on the way.
 */
describe('From topic to finished MP4 (embedded defaults)', () => {
  let server: TestServer;
  let token: string;
  let videoId: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = await startEmbeddedServer({ render: true, webDist: null });
    const reg = await request(server.url).post('/api/auth/register').send({ name: 'Ada', email: 'ada@example.com', password: 'secret1!' }).expect(201);
    token = reg.body.token;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('should move through the status table to done', async () => {
    const res = await request(server.url).post('/api/generate-video').set('authorization', `Bearer ${token}`)
      .send({ topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'comic', voiceid: 'XrExE9yKIg1WjnnlVkGX', aspectRatio: '9:16', language: 'English' }).expect(201);
    videoId = res.body.videoId;
    const deadline = Date.now() + 200_000;
    for (;;) {
      const status = await request(server.url).get(`/api/video/status/${videoId}`).set('authorization', `Bearer ${token}`).expect(200);
      if (status.body.status && seen[seen.length - 1] !== status.body.status) {
        seen.push(status.body.status);
        if (status.body.status !== 'failed') {
          expect(status.body.progress).toBe(STATUS_TABLE[status.body.status as keyof typeof STATUS_TABLE].percent);
          expect(status.body.message).toBe(STATUS_TABLE[status.body.status as keyof typeof STATUS_TABLE].message);
        }
      }
      if (status.body.status === 'done' || status.body.status === 'failed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(seen[seen.length - 1]).toBe('done');
    // Statuses only ever move forward through the table.
    const order = Object.keys(STATUS_TABLE);
    expect(seen.map((s) => order.indexOf(s))).toEqual([...seen.map((s) => order.indexOf(s))].sort((a, b) => a - b));
  });

  it('should serve a playable 1080x1920 H.264/AAC MP4 through a signed URL with HTTP Range', async () => {
    const detail = await request(server.url).get(`/api/video/videoid/${videoId}`).set('authorization', `Bearer ${token}`).expect(200);
    expect(detail.body).toMatchObject({ _id: videoId, status: 'done', progress: 100, message: 'Doneeee!', aspectRatio: '9:16', isSeries: false });
    expect(detail.body.title.length).toBeGreaterThan(0);
    expect(detail.body.title.length).toBeLessThanOrEqual(100);
    expect(detail.body.narrationScript.length).toBeGreaterThan(0);
    expect(detail.body.streamUrl).toMatch(new RegExp(`^/api/video/stream/${videoId}\\?exp=\\d+&sig=`));

    // Unsigned or tampered: refused.
    await request(server.url).get(`/api/video/stream/${videoId}`).expect(403);
    // One character of the signature changed (to one it is not: a signature may begin with 'x').
    const tampered = detail.body.streamUrl.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'x' ? 'y' : 'x'}`);
    expect(tampered).not.toBe(detail.body.streamUrl);
    await request(server.url).get(tampered).expect(403);

    const partial = await request(server.url).get(detail.body.streamUrl).set('range', 'bytes=0-1023').expect(206);
    expect(partial.headers['content-range']).toMatch(/^bytes 0-1023\/\d+$/);
    expect(partial.body.length).toBe(1024);

    const whole = await request(server.url).get(detail.body.downloadUrl).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename=".+\.mp4"$/);
    const file = join(mkdtempSync(join(tmpdir(), 'journey-')), 'video.mp4');
    writeFileSync(file, whole.body as Buffer);

    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], { encoding: 'utf8' }));
    const video = probe.streams.find((s: { codec_type: string }) => s.codec_type === 'video');
    const audio = probe.streams.find((s: { codec_type: string }) => s.codec_type === 'audio');
    expect([video.codec_name, video.width, video.height, video.r_frame_rate]).toEqual(['h264', 1080, 1920, '30/1']);
    expect(audio.codec_name).toBe('aac');
    const seconds = Number(probe.format.duration);
    expect(seconds).toBeGreaterThanOrEqual(15);
    expect(seconds).toBeLessThanOrEqual(30.5);
    expect(detail.body.duration).toBe(Math.round(seconds));
  });

  it('should list the finished video with its real title and length, and delete it with its media', async () => {
    const list = await request(server.url).get('/api/video/videos').set('authorization', `Bearer ${token}`).expect(200);
    expect(list.body.videos).toHaveLength(1);
    expect(list.body.videos[0]).toMatchObject({ _id: videoId, status: 'done' });

    const detail = await request(server.url).get(`/api/video/videoid/${videoId}`).set('authorization', `Bearer ${token}`).expect(200);
    const del = await request(server.url).delete(`/api/video/delete/${videoId}`).set('authorization', `Bearer ${token}`).expect(200);
    const after = await request(server.url).get('/api/video/videos').set('authorization', `Bearer ${token}`).set('x-min-position', String(del.body.position)).expect(200);
    expect(after.body.videos).toEqual([]);
    // The janitor frees the media: the signed URL stops working.
    const deadline = Date.now() + 10_000;
    let status = 200;
    while (Date.now() < deadline && status !== 404) {
      status = (await request(server.url).get(detail.body.streamUrl)).status;
      if (status !== 404) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(404);
  });
});
