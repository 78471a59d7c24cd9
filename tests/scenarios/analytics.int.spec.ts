import request from 'supertest';
import { runAnalystCli } from '@app/command-api';
import { runEventsCli, type CliIo } from '@app/query-api';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';
import { eventually } from '../support/eventually';

jest.setTimeout(240_000);

const PASSWORD = 'secret1!';
const aVideo = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'comic', voiceid: 'XrExE9yKIg1WjnnlVkGX', aspectRatio: '9:16', language: 'English' };

/**
 * Issue 14's scenario, on the embedded product: a creator makes a video and edits its caption;
 * an analyst reads the stream, travels back in time, exports the log, rebuilds the video list
 * and reads the day's stats; a creator gets 403 everywhere, nobody gets a secret.
 */
describe('Analysts read, replay and export the log (embedded)', () => {
  let server: TestServer;
  let creator: string;
  let analyst: string;
  let piiAnalyst: string;
  let videoId: string;
  let creatorId: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const register = async (name: string, email: string) => (await request(server.url).post('/api/auth/register').send({ name, email, password: PASSWORD }).expect(201)).body.token as string;

  beforeAll(async () => {
    server = await startEmbeddedServer({ webDist: null, env: { ANALYST_EMAILS: 'ana@example.com, other@example.com', PROJECTOR_STATUS_INTERVAL_MS: '200' } });
    creator = await register('Creator Ada', 'ada@example.com');
    analyst = await register('Ana Lyst', 'ana@example.com');
    piiAnalyst = await register('Pia', 'pia@example.com');
    creatorId = (await request(server.url).get('/api/auth/me').set(bearer(creator)).expect(200)).body._id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('Given who is an analyst', () => {
    it('should say so in /api/auth/me: by ANALYST_EMAILS, or by a grant recorded in the user stream', async () => {
      expect((await request(server.url).get('/api/auth/me').set(bearer(analyst)).expect(200)).body.roles).toEqual(['analyst']);
      expect((await request(server.url).get('/api/auth/me').set(bearer(creator)).expect(200)).body.roles).toEqual([]);

      const lines: string[] = [];
      // The operator's command line, on the product's own data directory (the same variables).
      const { EVENT_STORE_URL: _e, READ_STORE_URL: _r, ...inherited } = process.env;
      void _e;
      void _r;
      const env = { ...inherited, DATA_DIR: server.dataDir, ANALYST_EMAILS: 'ana@example.com' };
      expect(await runAnalystCli(['grant', 'pia@example.com'], env, (l) => lines.push(l))).toBe(0);
      expect(await runAnalystCli(['grant', 'pia@example.com', '--pii'], env, (l) => lines.push(l))).toBe(0);
      expect(await runAnalystCli(['grant', 'nobody@example.com'], env, (l) => lines.push(l))).toBe(1);
      expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^Granted analyst to pia@example.com/), 'pia@example.com: analyst, pii (of analyst, pii)', 'No account has the email nobody@example.com']));
      expect((await request(server.url).get('/api/auth/me').set(bearer(piiAnalyst)).expect(200)).body.roles).toEqual(['analyst', 'pii']);
    });

    it('should refuse the analyst API to anonymous callers (401) and to creators (403), writing nothing', async () => {
      const head = (await request(server.url).get('/api/analytics/events?limit=1').set(bearer(analyst)).expect(200)).body.headPosition;
      const gets = ['/api/analytics/events', '/api/analytics/events/live', '/api/analytics/streams', `/api/analytics/streams/user-${creatorId}`, '/api/analytics/export', '/api/analytics/projections', '/api/analytics/stats'];
      for (const path of gets) {
        await request(server.url).get(path).expect(401);
        await request(server.url).get(path).set(bearer(creator)).expect(403, { error: 'Analyst access required' });
      }
      await request(server.url).post('/api/analytics/projections/video-list/rebuild').expect(401);
      await request(server.url).post('/api/analytics/projections/video-list/rebuild').set(bearer(creator)).expect(403, { error: 'Analyst access required' });
      expect((await request(server.url).get('/api/analytics/events?limit=1').set(bearer(analyst)).expect(200)).body.headPosition).toBe(head);
    });

    it('should answer malformed queries with a clear 400', async () => {
      const bad: Array<[string, string]> = [
        ['/api/analytics/events?after=-1', 'after must be a whole number of 0 or more'],
        ['/api/analytics/events?limit=1001', 'limit must be a whole number from 1 to 1000'],
        ['/api/analytics/events?from=yesterday', 'from must be an ISO-8601 date such as 2026-11-24 or 2026-11-24T10:00:00Z'],
        ['/api/analytics/events?stream=no%20such', 'stream must be a stream id such as video-1f2e'],
        ['/api/analytics/events?from=2026-11-25&to=2026-11-24', 'from must be before to'],
        ['/api/analytics/stats?bucket=month', 'bucket must be hour, day or week'],
        [`/api/analytics/streams/user-${creatorId}?asOf=soon`, 'asOf must be a position (a whole number) or an ISO-8601 time'],
        ['/api/analytics/export?format=xml', 'format must be ndjson or csv'],
      ];
      for (const [path, error] of bad) await request(server.url).get(path).set(bearer(analyst)).expect(400).expect((res) => expect(res.body.error).toBe(error));
      await request(server.url).get('/api/analytics/streams/video-does-not-exist').set(bearer(analyst)).expect(404, { error: 'Stream not found' });
      await request(server.url).post('/api/analytics/projections/no-such/rebuild').set(bearer(analyst)).expect(404, { error: 'No projection has this name' });
    });
  });

  describe('Given a creator made a video and edited its caption', () => {
    let renderedAt: number;
    let editedAt: number;

    beforeAll(async () => {
      videoId = (await request(server.url).post('/api/generate-video').set(bearer(creator)).send(aVideo).expect(201)).body.videoId;
      const status = await eventually(async () => (await request(server.url).get(`/api/video/status/${videoId}`).set(bearer(creator))).body.status as string, (s) => s === 'done' || s === 'failed', 200_000);
      expect(status).toBe('done');
      await request(server.url).post(`/api/video/${videoId}/caption`).set(bearer(creator)).send({ description: 'A caption, edited' }).expect(200);
      const stream = (await request(server.url).get(`/api/analytics/streams/video-${videoId}`).set(bearer(analyst)).expect(200)).body;
      renderedAt = stream.events.find((e: { type: string }) => e.type === 'VideoRendered').position;
      editedAt = stream.events.find((e: { type: string }) => e.type === 'CaptionEdited').position;
    });

    it('should read the stream now, and as it was before the edit and before the render (time travel with the domain\'s own evolve)', async () => {
      const now = (await request(server.url).get(`/api/analytics/streams/video-${videoId}`).set(bearer(analyst)).expect(200)).body;
      expect(now.state).toMatchObject({ status: 'done', script: { description: 'A caption, edited' } });
      expect(now.revision).toBe(now.headRevision);

      const beforeEdit = (await request(server.url).get(`/api/analytics/streams/video-${videoId}?asOf=${editedAt - 1}`).set(bearer(analyst)).expect(200)).body;
      expect(beforeEdit.state.status).toBe('done');
      expect(beforeEdit.state.script.description).not.toBe('A caption, edited');
      expect(beforeEdit.state.script.description.length).toBeGreaterThan(0);
      expect(beforeEdit.events.map((e: { type: string }) => e.type)).not.toContain('CaptionEdited');

      const beforeRender = (await request(server.url).get(`/api/analytics/streams/video-${videoId}?asOf=${renderedAt - 1}`).set(bearer(analyst)).expect(200)).body;
      expect(beforeRender.state.status).not.toBe('done');
      expect(beforeRender.revision).toBeLessThan(now.revision);

      const requestedAt = now.events[0].recordedAt;
      const byTime = (await request(server.url).get(`/api/analytics/streams/video-${videoId}?asOf=${encodeURIComponent(requestedAt)}`).set(bearer(analyst)).expect(200)).body;
      expect(byTime.events[0].type).toBe('VideoRequested');
    });

    it('should page and filter the log, never serving a secret, masking personal data unless the analyst holds pii', async () => {
      const users = (await request(server.url).get('/api/analytics/events?category=user&type=UserRegistered&limit=1000').set(bearer(analyst)).expect(200)).body;
      const ada = users.events.find((e: { streamId: string }) => e.streamId === `user-${creatorId}`);
      expect(ada.data).toMatchObject({ email: 'a***@example.com', name: 'C***', passwordHash: '[redacted]' });
      const unmasked = (await request(server.url).get(`/api/analytics/events?stream=user-${creatorId}`).set(bearer(piiAnalyst)).expect(200)).body;
      expect(unmasked.events[0].data).toMatchObject({ email: 'ada@example.com', name: 'Creator Ada', passwordHash: '[redacted]' });
      expect(JSON.stringify(unmasked)).not.toMatch(/\$argon2/);

      const firstPage = (await request(server.url).get('/api/analytics/events?limit=5').set(bearer(analyst)).expect(200)).body;
      expect(firstPage.events.map((e: { position: number }) => e.position)).toEqual([1, 2, 3, 4, 5]);
      expect(firstPage.lastPosition).toBe(5);
      const next = (await request(server.url).get('/api/analytics/events?limit=5&after=5').set(bearer(analyst)).expect(200)).body;
      expect(next.events[0].position).toBe(6);
      expect(next.headPosition).toBeGreaterThanOrEqual(editedAt);

      // One user action across streams: the request and the credit it used share a correlation id.
      const requested = (await request(server.url).get(`/api/analytics/events?stream=video-${videoId}&type=VideoRequested`).set(bearer(analyst)).expect(200)).body.events[0];
      const action = (await request(server.url).get(`/api/analytics/events?correlation=${requested.metadata.correlationId}`).set(bearer(analyst)).expect(200)).body.events;
      expect(action.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['VideoRequested', 'VideoCreditUsed']));
      expect(new Set(action.map((e: { streamId: string }) => e.streamId.split('-')[0]))).toEqual(new Set(['video', 'subscription']));
      await request(server.url).get('/api/analytics/events?correlation=not%20an%20id').set(bearer(analyst)).expect(400, { error: 'correlation must be a correlation id (letters, digits and dashes)', details: { correlation: 'correlation must be a correlation id (letters, digits and dashes)' } });

      const streams = (await request(server.url).get('/api/analytics/streams?category=video').set(bearer(analyst)).expect(200)).body.streams;
      expect(streams[0]).toMatchObject({ streamId: `video-${videoId}`, category: 'video', lastEventType: 'CaptionEdited' });
    });

    it('should export the log as NDJSON and CSV with the stream in it and no password hash', async () => {
      const ndjson = await request(server.url).get('/api/analytics/export').set(bearer(analyst)).buffer(true).parse((res, cb) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => cb(null, body));
      }).expect(200).expect('content-type', /application\/x-ndjson/);
      const lines = (ndjson.body as string).trim().split('\n').map((line) => JSON.parse(line));
      expect(lines.map((e) => e.position)).toEqual(lines.map((_, i) => i + 1));
      expect(lines.filter((e) => e.streamId === `video-${videoId}`).map((e) => e.type)).toEqual(expect.arrayContaining(['VideoRequested', 'VideoRendered', 'CaptionEdited']));
      expect(ndjson.body).not.toMatch(/\$argon2|\$2[aby]\$/);
      expect(ndjson.body).not.toContain('ada@example.com');

      const csv = await request(server.url).get(`/api/analytics/export?format=csv&category=video&to=${editedAt}`).set(bearer(analyst)).expect(200).expect('content-type', /text\/csv/);
      const rows = csv.text.trim().split('\n');
      expect(rows[0]).toBe('position,recordedAt,streamId,type,data');
      expect(rows.slice(1).every((row) => row.includes(`,video-`))).toBe(true);
      expect(rows[rows.length - 1]).toMatch(new RegExp(`^${editedAt},.*,video-${videoId},CaptionEdited,"\\{`));
    });

    it('should rebuild the video list beside the live one and serve the same documents after the swap', async () => {
      const before = (await request(server.url).get('/api/video/videos').set(bearer(creator)).expect(200)).body;
      await request(server.url).post('/api/analytics/projections/video-list/rebuild').set(bearer(analyst)).expect(202).expect((res) => expect(res.body).toMatchObject({ name: 'video-list', status: 'rebuilding' }));
      const projections = await eventually(
        async () => (await request(server.url).get('/api/analytics/projections').set(bearer(analyst)).expect(200)).body.projections as Array<{ name: string; status: string; rebuiltAt: string | null }>,
        (list) => list.some((p) => p.name === 'video-list' && p.rebuiltAt !== null && p.status === 'live'),
        60_000,
      );
      expect(projections.find((p) => p.name === 'video-list')).toMatchObject({ status: 'live', kind: 'read-model', lag: expect.any(Number) });
      expect(projections.map((p) => p.name)).toEqual(expect.arrayContaining(['video-detail', 'product-stats', 'render-relay', 'projection-rebuilds', 'autopilot-publisher']));
      expect((await request(server.url).get('/api/video/videos').set(bearer(creator)).expect(200)).body).toEqual(before);
      const stream = (await request(server.url).get('/api/analytics/streams/projection-video-list').set(bearer(analyst)).expect(200)).body;
      expect(stream.events.map((e: { type: string }) => e.type)).toEqual(['ProjectionRebuildRequested', 'ProjectionRebuilt']);
    });

    it('should answer the same on the command line: a stream as of a point, the export, the projections, the stats, a rebuild', async () => {
      const stores = { eventStore: server.infra.eventStore, docs: server.infra.docs };
      const run = async (...args: string[]) => {
        let out = '';
        let err = '';
        const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), tty: false };
        const code = await runEventsCli(args, stores, io, { pollMs: 50 });
        return { code, out, err };
      };
      // A tail runs until it is stopped: this one stops once it has printed something.
      const follow = async (...args: string[]) => {
        let out = '';
        const stop = new AbortController();
        const io: CliIo = { out: (t) => void ((out += t), stop.abort()), err: () => undefined, tty: false };
        await runEventsCli(args, stores, io, { pollMs: 50, signal: stop.signal });
        return { out };
      };
      const tail = await follow('tail', '--from', String(editedAt - 1), '--type', 'CaptionEdited', '--json');
      expect(JSON.parse(tail.out.split('\n')[0])).toMatchObject({ position: editedAt, type: 'CaptionEdited', streamId: `video-${videoId}` });
      const read = await run('read', `video-${videoId}`, '--as-of', String(editedAt - 1), '--json');
      expect(read.code).toBe(0);
      expect(JSON.parse(read.out).state.script.description).not.toBe('A caption, edited');
      const table = await run('read', `video-${videoId}`);
      expect(table.out).toMatch(/revision\s+position\s+recordedAt\s+type/);

      const csv = await run('export', '--format', 'csv', '--category', 'user');
      expect(csv.out.split('\n')[0]).toBe('position,recordedAt,streamId,type,data');
      expect(csv.out).not.toMatch(/\$argon2/);
      expect(csv.err).toMatch(/^exported \d+ events/m);

      expect(JSON.parse((await run('projections', '--json')).out).projections.map((p: { name: string }) => p.name)).toContain('video-list');
      expect(JSON.parse((await run('stats', '--json', '--bucket', 'hour')).out).funnel.signedUp).toBe(3);
      expect((await run('stats', '--bucket', 'month')).err).toBe('bucket must be hour, day or week\n');
      expect((await run('rebuild', 'no-such')).code).toBe(1);
      const rebuilt = await run('rebuild', 'series-view');
      expect(rebuilt.out).toMatch(/^rebuilt series-view: \d+ events in \d+ ms/);
      expect((await run('nonsense')).code).toBe(2);
    });

    it("should count the day's sign-ups and finished videos, and time the render", async () => {
      const stats = (await request(server.url).get('/api/analytics/stats?bucket=day').set(bearer(analyst)).expect(200)).body;
      const today = stats.buckets[stats.buckets.length - 1];
      expect(today).toMatchObject({ signups: 3, videosRequested: 1, videosDone: 1, videosFailed: 0 });
      expect(stats.funnel).toEqual({ signedUp: 3, firstVideo: 1, subscribed: 0 });
      expect(stats.plans).toEqual({ FREE: 3, STARTER: 0, DAILY: 0, HARDCORE: 0 });
      expect(stats.renderSeconds.p50).toBeGreaterThan(0);
      expect(Object.keys(stats.renderSeconds.byStage)).toEqual(expect.arrayContaining(['script', 'audio', 'images', 'render']));
    });
  });
});
