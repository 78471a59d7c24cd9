import request from 'supertest';
import type { BatchResponse } from '@app/domain';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';
import { eventually } from '../support/eventually';

jest.setTimeout(900_000);

/** The shortest videos the form offers (15 to 30 seconds): the renders are real, so keep them small. */
const SERIES = { name: 'Animal facts', topic: 'Fun Facts', voiceid: 'nPczCjzI2devNBz1zQrb', style: 'pixel', aspectRatio: '9:16', language: 'English', duration: 30, platforms: [] };
const PROMPTS = ['Why owls hoot at night', 'How bats see in the dark', 'Where moles dig', 'What foxes eat in winter', 'How fast hares run'];

/**
 * Batches on the real embedded product (issue 18): a list of prompts becomes videos of a series,
 * made one at a time (never two processing at once), in order, each counted against the plan's
 * monthly limit once; items past the limit are reported; cancel stops the queued items; and the
 * product closed and opened again mid-batch on the same data loses nothing and makes nothing twice.
 */
describe('A batch of prompts (embedded product, real renders)', () => {
  let server: TestServer;
  let token: string;
  let userId: string;
  let seriesId: string;

  const api = () => ({
    get: (path: string) => request(server.url).get(path).set('authorization', `Bearer ${token}`),
    post: (path: string, body?: object) => request(server.url).post(path).set('authorization', `Bearer ${token}`).send(body ?? {}),
  });
  const batchOf = (batchId: string) => api().get(`/api/series/${seriesId}/batch/${batchId}`).expect(200).then((r) => r.body as BatchResponse);
  /** Every render of the batch's videos: when each was requested and when it ended, by global position. */
  const rendersOf = async (videoIds: string[]) => Promise.all(videoIds.map(async (videoId) => {
    const events = await server.infra.eventStore.readStream(`video-${videoId}`);
    return {
      videoId,
      requests: events.filter((e) => e.type === 'VideoRequested'),
      requestedAt: events.find((e) => e.type === 'VideoRequested')!.position,
      endedAt: events.find((e) => e.type === 'VideoRendered' || e.type === 'RenderFailed')!.position,
      customPrompt: events.find((e) => e.type === 'VideoRequested')!.data.customPrompt,
    };
  }));

  beforeAll(async () => {
    server = await startEmbeddedServer({ webDist: null });
    const reg = await request(server.url).post('/api/auth/register').send({ name: 'Ada', email: 'batch@example.com', password: 'secret1!' }).expect(201);
    token = reg.body.token;
    userId = (await api().get('/api/auth/me').expect(200)).body._id;
    // Starter (15 videos a month) through the local checkout simulator.
    const { url } = (await api().post('/api/billing/create-checkout-session', { planId: 'STARTER' }).expect(200)).body as { url: string };
    await request(server.url).post(`${new URL(url, server.url).pathname}/pay`).type('form').send({}).expect(303);
    await eventually(() => api().get('/api/billing/subscription').then((r) => r.body.subscription?.status), (s) => s === 'active');
    seriesId = (await api().post('/api/series', SERIES).expect(201)).body.seriesId;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('should make 5 prompts into 5 done videos, in order, one at a time, one credit each, through a restart mid-batch; a second batch waits its turn, reports what is over the limit and is cancelled', async () => {
    const queued = await api().post(`/api/series/${seriesId}/batch`, { lines: PROMPTS.join('\n') }).expect(201);
    const batchId = queued.body.batchId as string;
    expect(queued.body).toMatchObject({ status: 'running', counts: { total: 5, queued: 5, overLimit: 0 }, items: PROMPTS.map((prompt, index) => ({ index, prompt, topic: 'Custom Topic', customPrompt: prompt })) });

    // The first item is being made: its video is requested (its credit used).
    const first = await eventually(() => batchOf(batchId), (b) => b.items[0].status === 'rendering' && b.items[0].videoId !== null, 60_000, 250);
    await eventually(() => api().get(`/api/video/status/${first.items[0].videoId}`).then((r) => r.status), (status) => status === 200, 15_000, 100);

    // A second batch while the first runs: 15 a month, 5 held by the first, so 10 are made and 2 reported over the limit.
    const second = await api().post(`/api/series/${seriesId}/batch`, { csv: `prompt,title\n${Array.from({ length: 12 }, (_, i) => `Fact number ${i + 1},Fact ${i + 1}`).join('\n')}` }).expect(201);
    expect(second.body.counts).toEqual({ total: 12, queued: 10, rendering: 0, done: 0, failed: 0, overLimit: 2, cancelled: 0 });
    expect(second.body.items.slice(10).map((i: { status: string; reason: string }) => [i.status, i.reason])).toEqual([['overLimit', 'Over your monthly video limit'], ['overLimit', 'Over your monthly video limit']]);
    // It waits for the first batch (a creator's batches run in the order queued); cancelled, none of it is made.
    const cancelled = await api().post(`/api/series/${seriesId}/batch/${second.body.batchId}/cancel`).expect(200);
    const secondAfter = await api().get(`/api/series/${seriesId}/batch/${second.body.batchId}`).set('x-min-position', String(cancelled.body.position)).expect(200);
    expect(secondAfter.body).toMatchObject({ status: 'cancelled', counts: { queued: 0, rendering: 0, cancelled: 10, overLimit: 2 } });
    expect(secondAfter.body.items.every((i: { videoId: string | null }) => i.videoId === null)).toBe(true);

    // Closed and opened again on the same data while the batch runs (a render in flight).
    await eventually(() => batchOf(batchId), (b) => b.counts.done >= 1 && b.counts.rendering === 1, 240_000, 250);
    await server.close();
    server = await startEmbeddedServer({ webDist: null, dataDir: server.dataDir });

    const done = await eventually(() => batchOf(batchId), (b) => b.status !== 'running', 600_000, 500);
    expect(done).toMatchObject({ status: 'done', counts: { total: 5, done: 5, queued: 0, rendering: 0, failed: 0, overLimit: 0, cancelled: 0 } });
    const videoIds = done.items.map((item) => item.videoId!);
    expect(new Set(videoIds).size).toBe(5);

    // In order, one at a time: each video was requested only after the one before it ended, and once.
    const renders = await rendersOf(videoIds);
    expect(renders.map((r) => r.customPrompt)).toEqual(PROMPTS);
    expect(renders.every((r) => r.requests.length === 1)).toBe(true);
    for (let i = 1; i < renders.length; i++) expect(renders[i].requestedAt).toBeGreaterThan(renders[i - 1].endedAt);

    // Counted against the limit once each: 5 credits, for these 5 videos.
    const credits = (await server.infra.eventStore.readStream(`subscription-${userId}`)).filter((e) => e.type === 'VideoCreditUsed').map((e) => e.data.videoId);
    expect(credits.sort()).toEqual([...videoIds].sort());
    const stats = await api().get('/api/video/stats').expect(200);
    expect(stats.body).toMatchObject({ monthlyCount: 5, total: 5, planLimit: 15 });
    const list = await api().get('/api/video/videos').expect(200);
    expect(list.body.videos.map((v: { _id: string }) => v._id).sort()).toEqual([...videoIds].sort());
    expect(list.body.videos.every((v: { status: string; seriesId: string }) => v.status === 'done' && v.seriesId === seriesId)).toBe(true);
  });

  it('should let the video being made finish when a batch is cancelled, and make none of the queued ones', async () => {
    const queued = await api().post(`/api/series/${seriesId}/batch`, { lines: 'Why cats purr\nWhy dogs bark\nWhy cows moo' }).expect(201);
    const batchId = queued.body.batchId as string;
    await eventually(() => batchOf(batchId), (b) => b.items[0].status === 'rendering', 60_000, 250);
    await api().post(`/api/series/${seriesId}/batch/${batchId}/cancel`).expect(200);
    const end = await eventually(() => batchOf(batchId), (b) => b.counts.rendering === 0, 300_000, 500);
    expect(end).toMatchObject({ status: 'cancelled', counts: { done: 1, cancelled: 2, queued: 0 } });
    expect(end.items.map((i) => i.status)).toEqual(['done', 'cancelled', 'cancelled']);
    const stats = await api().get('/api/video/stats').expect(200);
    expect(stats.body.monthlyCount).toBe(6);

    // The series' batches, newest first, with their progress.
    const batches = await api().get(`/api/series/${seriesId}/batch`).expect(200);
    expect(batches.body.batches.map((b: BatchResponse) => [b.status, b.counts.total])).toEqual([['cancelled', 3], ['cancelled', 12], ['done', 5]]);
  });

  it('should refuse bad input with a clear message and write nothing', async () => {
    const before = (await api().get(`/api/series/${seriesId}/batch`).expect(200)).body.batches.length;
    const refuse = async (body: object, message: string, status = 400) => expect((await api().post(`/api/series/${seriesId}/batch`, body).expect(status)).body.error).toBe(message);
    await refuse({ lines: '\n  \n' }, 'Please add at least one topic or prompt');
    await refuse({ lines: Array.from({ length: 101 }, (_, i) => `Prompt ${i}`).join('\n') }, 'A batch holds at most 100 topics or prompts');
    await refuse({ lines: `Owls\n${'x'.repeat(1001)}` }, 'Line 2: the prompt is longer than 1000 characters');
    await refuse({ csv: 'Owls\nBats' }, 'The first line of the CSV must name its columns: prompt, and optionally title and publishAt');
    await refuse({ csv: 'prompt,publishAt\nOwls,2020-01-01T00:00:00Z' }, 'Line 2: publishAt is in the past');
    await refuse({ csv: 'prompt,publishAt\nOwls,next friday' }, 'Line 2: publishAt must be an ISO 8601 date and time with its time zone, like 2026-12-01T18:00:00Z');
    await refuse({ lines: 'Owls', csv: 'prompt\nOwls' }, 'Send the batch as lines, a CSV or items (one of them)');
    await refuse({ lines: 'Owls', schedule: true }, "This series posts to no platform: choose one in the series' settings to schedule the batch");
    const unknown = await request(server.url).post('/api/series/00000000-0000-4000-8000-000000000000/batch').set('authorization', `Bearer ${token}`).send({ lines: 'Owls' }).expect(404);
    expect(unknown.body.error).toBe('Series not found');
    const other = await request(server.url).post('/api/auth/register').send({ name: 'Grace', email: 'other-batch@example.com', password: 'secret1!' }).expect(201);
    const foreign = await request(server.url).post(`/api/series/${seriesId}/batch`).set('authorization', `Bearer ${other.body.token}`).send({ lines: 'Owls' }).expect(404);
    expect(foreign.body.error).toBe('Series not found');
    expect((await api().get(`/api/series/${seriesId}/batch`).expect(200)).body.batches).toHaveLength(before);
  });
});
