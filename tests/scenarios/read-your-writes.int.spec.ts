import request from 'supertest';
import { COLLECTIONS } from '@app/domain';
import { PROJECTIONS, rebuildProjections } from '@app/projectors';
import { openDocumentStore } from '@app/platform';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';
import { eventually } from '../support/eventually';

const VIDEO = { topic: 'Fun Facts', duration: 60, customPrompt: '', style: 'anime', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English' };

describe('Embedded product: commands, projections and queries', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startEmbeddedServer({ render: false, webDist: null });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function signUp(email: string) {
    const res = await request(server.url).post('/api/auth/register').send({ name: 'Ada', email, password: 'secret1!' }).expect(201);
    return res.body.token as string;
  }

  describe('When a user generates a video', () => {
    it('should answer isReady on /api/service-status', async () => {
      const res = await request(server.url).get('/api/service-status').expect(200);
      expect(res.body.isReady).toBe(true);
      expect(Object.values(res.body.services).every((s) => (s as { available: boolean }).available)).toBe(true);
    });

    it('should show the video in the list read model as soon as its position is projected', async () => {
      const token = await signUp('ada@example.com');
      const generated = await request(server.url).post('/api/generate-video').set('authorization', `Bearer ${token}`).send(VIDEO).expect(201);
      expect(generated.body).toEqual({ videoId: expect.any(String), position: expect.any(Number) });

      const list = await request(server.url).get('/api/video/videos').set('authorization', `Bearer ${token}`).set('x-min-position', String(generated.body.position)).expect(200);
      expect(list.headers['x-stale']).toBeUndefined();
      expect(Number(list.headers['x-position'])).toBeGreaterThanOrEqual(generated.body.position);
      expect(list.body.videos).toEqual([{ _id: generated.body.videoId, title: 'Fun Facts', createdAt: expect.any(String), aspectRatio: '9:16', duration: 60, status: 'start', seriesId: null }]);

      const stats = await request(server.url).get('/api/video/stats').set('authorization', `Bearer ${token}`).expect(200);
      expect(stats.body).toEqual({ monthlyCount: 1, total: 1, planLimit: 1 });

      const status = await request(server.url).get(`/api/video/status/${generated.body.videoId}`).set('authorization', `Bearer ${token}`).expect(200);
      expect(status.body).toEqual({ status: null, progress: 0, message: 'Starting to generate video ...' });
    });

    it('should refuse a second video while the first is processing, writing nothing', async () => {
      const token = await signUp('grace@example.com');
      await request(server.url).post('/api/generate-video').set('authorization', `Bearer ${token}`).send(VIDEO).expect(201);
      const head = await server.infra.eventStore.headPosition();
      const res = await request(server.url).post('/api/generate-video').set('authorization', `Bearer ${token}`).send(VIDEO).expect(409);
      expect(res.body).toEqual({ error: 'Video is still processing' });
      expect(await server.infra.eventStore.headPosition()).toBe(head);
    });

    it('should answer bad input with the spec message and write nothing', async () => {
      const token = await signUp('linus@example.com');
      const head = await server.infra.eventStore.headPosition();
      const res = await request(server.url).post('/api/generate-video').set('authorization', `Bearer ${token}`).send({ ...VIDEO, topic: 'Cooking' }).expect(400);
      expect(res.body.error).toBe('Invalid topic selected');
      expect(await server.infra.eventStore.headPosition()).toBe(head);
    });

    it("should not show one user's video to another", async () => {
      const owner = await signUp('owner@example.com');
      const other = await signUp('other@example.com');
      const { body } = await request(server.url).post('/api/generate-video').set('authorization', `Bearer ${owner}`).send(VIDEO).expect(201);
      await request(server.url).get(`/api/video/videoid/${body.videoId}`).set('authorization', `Bearer ${other}`).set('x-min-position', String(body.position)).expect(404, { error: 'Video not found' });
      const list = await request(server.url).get('/api/video/videos').set('authorization', `Bearer ${other}`).expect(200);
      expect(list.body.videos).toEqual([]);
    });
  });

  describe('When the read models are rebuilt from position 0', () => {
    it('should give the same documents as the live projections', async () => {
      const head = await server.infra.eventStore.headPosition();
      const projected = await eventually(() => server.infra.docs.getCheckpoint('read-models'), (p) => p >= head, 5000, 20);
      expect(projected).toBeGreaterThanOrEqual(head);

      const live = await snapshot(server.infra.docs);
      const fresh = await openDocumentStore(':memory:');
      await rebuildProjections({ eventStore: server.infra.eventStore, docs: fresh, projections: PROJECTIONS, logger: server.infra.logger });
      expect(await snapshot(fresh)).toEqual(live);
      expect(live[COLLECTIONS.videoList].length).toBeGreaterThan(0);
      await fresh.close();
    });
  });
});

async function snapshot(docs: import('@app/platform').DocumentStore) {
  const out: Record<string, unknown[]> = {};
  for (const name of Object.values(COLLECTIONS)) {
    const all = await docs.collection(name).find({}, { sort: { _id: 1 } as never });
    out[name] = all;
  }
  return out;
}
