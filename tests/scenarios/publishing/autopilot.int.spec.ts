import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { SeriesResponse } from '@app/domain';
import { startEmbeddedServer, type TestServer } from '../../support/embedded-server';
import { eventually, linkSandbox, registerUser } from './harness';

jest.setTimeout(60_000);

const seriesBody = {
  name: 'Owl facts', topic: 'Fun Facts', voiceid: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', language: 'English', duration: 60,
  platforms: ['youtube', 'tiktok'],
};

describe('Series and the autopilot (embedded product, test clock)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startEmbeddedServer({ render: false, webDist: null, env: { STUDIO_TEST_CLOCK: '1' } });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const api = (token: string) => ({
    get: (path: string) => request(server.url).get(path).set('authorization', `Bearer ${token}`),
    post: (path: string, body?: object) => request(server.url).post(path).set('authorization', `Bearer ${token}`).send(body ?? {}),
    patch: (path: string, body: object) => request(server.url).patch(path).set('authorization', `Bearer ${token}`).send(body),
    delete: (path: string) => request(server.url).delete(path).set('authorization', `Bearer ${token}`),
  });
  const series = (token: string, id: string) => api(token).get(`/api/series/${id}`).then((r) => r.body as SeriesResponse);
  const advance = (minutes: number) => request(server.url).post('/api/test/clock/advance').send({ minutes }).expect(200);

  describe('POST /api/series, GET /api/series, PATCH, pause, resume, DELETE', () => {
    it('should create a series on the plan frequency with a next post time, edit, pause, resume and delete it', async () => {
      const { token } = await registerUser(server.url);
      const created = await api(token).post('/api/series', { ...seriesBody, schedule: { timeZone: 'Europe/Paris' } }).expect(201);
      expect(created.body.nextPostAt).toEqual(expect.any(String));
      const id = created.body._id as string;
      const list = await api(token).get('/api/series').set('x-min-position', String(created.body.position)).expect(200);
      expect(list.body.series).toHaveLength(1);
      const one = list.body.series[0] as SeriesResponse;
      expect(one).toMatchObject({ _id: id, name: 'Owl facts', status: 'active', topic: 'Fun Facts', platforms: ['youtube', 'tiktok'], schedule: { timeZone: 'Europe/Paris', times: ['18:00'], days: [1] }, recentPosts: [] });
      expect(Date.parse(one.nextPostAt!)).toBeGreaterThan(Date.now() - 60_000);

      const edited = await api(token).patch(`/api/series/${id}`, { name: 'Owls', duration: 30, schedule: { timeZone: 'Asia/Tokyo', times: ['09:00'] } }).expect(200);
      const after = await api(token).get(`/api/series/${id}`).set('x-min-position', String(edited.body.position)).expect(200);
      expect(after.body).toMatchObject({ name: 'Owls', duration: 30, schedule: { timeZone: 'Asia/Tokyo', times: ['09:00'], days: [1] } });

      const paused = await api(token).post(`/api/series/${id}/pause`).expect(200);
      expect((await api(token).get(`/api/series/${id}`).set('x-min-position', String(paused.body.position))).body).toMatchObject({ status: 'paused', nextPostAt: null });
      const resumed = await api(token).post(`/api/series/${id}/resume`).expect(200);
      expect((await api(token).get(`/api/series/${id}`).set('x-min-position', String(resumed.body.position))).body.status).toBe('active');

      const deleted = await api(token).delete(`/api/series/${id}`).expect(200);
      await api(token).get(`/api/series/${id}`).set('x-min-position', String(deleted.body.position)).expect(404);
      // The series slot on the plan is free again.
      await api(token).post('/api/series', seriesBody).expect(201);
    });

    it('should refuse a schedule beyond the plan, a second series on Free, bad input and other users', async () => {
      const { token } = await registerUser(server.url);
      const tooMany = await api(token).post('/api/series', { ...seriesBody, schedule: { timeZone: 'UTC', times: ['18:00'], days: [0, 1, 2, 3, 4, 5, 6] } }).expect(400);
      expect(tooMany.body.error).toBe('Your plan posts once a week: choose at most 1 posting slot a week, or upgrade your plan.');
      expect((await api(token).post('/api/series', { ...seriesBody, schedule: { timeZone: 'Mars/Olympus' } }).expect(400)).body.error).toBe('Please choose a valid time zone');
      expect((await api(token).post('/api/series', { ...seriesBody, topic: 'Nope' }).expect(400)).body.error).toBe('Invalid topic selected');
      const { body } = await api(token).post('/api/series', seriesBody).expect(201);
      expect((await api(token).post('/api/series', seriesBody).expect(403)).body.error).toBe('Series limit reached for your plan. Please upgrade your plan.');
      const other = await registerUser(server.url);
      await api(other.token).post(`/api/series/${body._id}/pause`).expect(404);
      await api(other.token).get(`/api/series/${body._id}`).expect(404);
    });
  });

  describe('When a slot comes due', () => {
    it('should make one video, post it to the linked accounts once, and skip later slots with a reason', async () => {
      const { token, userId } = await registerUser(server.url);
      await linkSandbox(server.url, token, 'youtube');
      await linkSandbox(server.url, token, 'tiktok');
      const { body } = await api(token).post('/api/series', seriesBody).expect(201);
      const id = body._id as string;
      await eventually(() => series(token, id), (s) => s._id === id);

      // A week and a half of downtime: one catch-up slot, not a burst.
      await advance(11 * 24 * 60);
      const made = await eventually(() => series(token, id), (s) => s.recentPosts[0]?.videoId != null);
      expect(made.recentPosts).toHaveLength(1);
      const videoId = made.recentPosts[0].videoId!;

      // The renderer is off in this suite: finish the video as the render pipeline would.
      const at = new Date().toISOString();
      await server.infra.blobs.put(`videos/${videoId}/video.mp4`, Buffer.alloc(100_000, 1), 'video/mp4');
      await server.infra.eventStore.append(`video-${videoId}`, [{
        id: randomUUID(), type: 'VideoRendered',
        data: { videoId, at, media: { videoKey: `videos/${videoId}/video.mp4`, thumbnailKey: null, durationSeconds: 30, width: 1080, height: 1920, sizeBytes: 100_000 }, script: { title: 'Owls at night', description: 'Facts.', narrationScript: ['Owls.'] } },
        metadata: { correlationId: videoId, causationId: videoId, userId, timestamp: at },
      }], { expectedRevision: 'any' });

      const posted = await eventually(() => series(token, id), (s) => s.recentPosts[0]?.posts.filter((p) => p.status === 'published').length === 2, 20_000);
      expect(posted.recentPosts[0].posts.map((p) => p.platform).sort()).toEqual(['tiktok', 'youtube']);
      const { channelId } = (await api(token).get('/api/auth/youtube/status').expect(200)).body as { channelId: string };
      const gallery = await request(server.url).get(`/sandbox/published?account=${channelId}`).expect(200);
      expect(gallery.text).toContain('Owls at night');

      // Free plan: its one video is spent, so the next slot is skipped with the plan's reason.
      await advance(7 * 24 * 60);
      // A claimed slot is shown at once, its outcome (a video or the reason it was skipped) an event later.
      const decided = (s: Awaited<ReturnType<typeof series>>, slots: number) => s.recentPosts.length === slots && (s.recentPosts[0].videoId != null || s.recentPosts[0].skippedReason != null);
      const skipped = await eventually(() => series(token, id), (s) => decided(s, 2));
      expect(skipped.recentPosts[0]).toMatchObject({ videoId: null, skippedReason: 'Please subscribe to generate more videos' });

      // Disconnected accounts stop it too.
      await api(token).post('/api/auth/auth/youtube/logout').expect(200);
      await api(token).post('/api/auth/auth/tiktok/logout').expect(200);
      await advance(7 * 24 * 60);
      const unlinked = await eventually(() => series(token, id), (s) => decided(s, 3));
      expect(unlinked.recentPosts[0].skippedReason).toBe('No linked account: connect YouTube, TikTok to post');

      // Never twice: exactly one video for the series, one post per platform.
      const all = await server.infra.eventStore.readAll();
      expect(all.filter((e) => e.type === 'VideoRequested' && e.data.seriesId === id)).toHaveLength(1);
      expect(all.filter((e) => e.type === 'PostPublished' && e.data.videoId === videoId)).toHaveLength(2);
      // The sandbox tokens (1 h) had expired by the slot: they were refreshed before posting, still sealed.
      const refreshed = all.filter((e) => e.type === 'TokensRefreshed' && e.data.userId === userId);
      expect(refreshed.length).toBeGreaterThanOrEqual(2);
      expect(refreshed.every((e) => String(e.data.encryptedTokens).startsWith('vault.'))).toBe(true);
    });
  });

  describe('POST /api/test/clock/advance', () => {
    it('should not exist without STUDIO_TEST_CLOCK=1', async () => {
      const plain = await startEmbeddedServer({ render: false, webDist: null });
      try {
        await request(plain.url).post('/api/test/clock/advance').send({ minutes: 5 }).expect(404);
      } finally {
        await plain.stop();
      }
    });
  });
});
