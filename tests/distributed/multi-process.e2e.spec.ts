import { mkdtempSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { COLLECTIONS, videoStreamId } from '@app/domain';
import { openDocumentStore, openEventStore, createLogger } from '@app/platform';
import { PROJECTIONS, rebuildProjections } from '@app/projectors';
import { startService, type ServiceProcess } from '../support/processes';
import { readModelSnapshot } from '../support/read-models';
import { onRealEngines } from '../support/scratch';

const { POSTGRES_URL, KAFKA_BROKERS, MONGO_URL } = process.env;
const engines = Boolean(POSTGRES_URL && KAFKA_BROKERS && MONGO_URL);
if (!engines) process.stderr.write('multi-process e2e skipped: needs POSTGRES_URL, KAFKA_BROKERS and MONGO_URL (npm test starts them)\n');

jest.setTimeout(15 * 60_000);

const VIDEOS = 10;

/**
 * The production shape, every service its own process on PostgreSQL + Kafka + a MongoDB-wire
 * server: two projectors (one leads, one stands by) and two render workers (one consumer group).
 * Mid-way one worker and the leading projector are killed; every video must still reach done
 * exactly once, and the read models must equal a rebuild from position 0.
 */
(engines ? describe : describe.skip)('Distributed mode: separate processes on real engines', () => {
  const scratch = onRealEngines('mp', { postgresUrl: POSTGRES_URL ?? '', mongoUrl: MONGO_URL ?? '', kafkaBrokers: KAFKA_BROKERS ?? '' });
  const { id } = scratch;
  const ports = { command: 4100 + Math.floor(Math.random() * 400), query: 0, gateway: 0 };
  ports.query = ports.command + 1;
  ports.gateway = ports.command + 2;
  const base: Record<string, string> = {
    ...scratch.env,
    PUBLIC_URL: `http://127.0.0.1:${ports.gateway}`,
    RATE_LIMIT_MAX: '1000',
    RENDER_BACKOFF_MS: '200',
  };
  const running: ServiceProcess[] = [];
  const start = (name: string, workspace: string, env: Record<string, string> = {}) => {
    const p = startService(name, workspace, { ...base, DATA_DIR: mkdtempSync(join(tmpdir(), `mp-${name}-`)), ...env });
    running.push(p);
    return p;
  };

  afterAll(async () => {
    await Promise.all(running.map((p) => p.kill()));
    await scratch.cleanup();
  });

  it('should render every video exactly once through kills, with read models equal to a rebuild', async () => {
    const command = start('command-api', 'command-api', { PORT: String(ports.command) });
    const query = start('query-api', 'query-api', { PORT: String(ports.query) });
    const projectorA = start('projectors-a', 'projectors');
    await projectorA.waitForLine(/Acquired the lease/);
    const projectorB = start('projectors-b', 'projectors');
    const workerA = start('worker-a', 'render-workers', { WORKER_ID: 'worker-a', WORK_DIR: mkdtempSync(join(tmpdir(), 'mp-wa-')) });
    const workerB = start('worker-b', 'render-workers', { WORKER_ID: 'worker-b', WORK_DIR: mkdtempSync(join(tmpdir(), 'mp-wb-')), RENDER_NICENESS: '15' });
    const gateway = start('gateway', 'gateway', { PORT: String(ports.gateway), COMMAND_API_URL: `http://127.0.0.1:${ports.command}`, QUERY_API_URL: `http://127.0.0.1:${ports.query}` });
    await Promise.all([
      command.waitForLine(/command-api listening/), query.waitForLine(/query-api listening/), gateway.waitForLine(/Gateway listening/),
      workerA.waitForLine(/Render worker started/), workerB.waitForLine(/Render worker started/), projectorB.waitForLine(/Projectors started/),
    ]);
    const url = `http://127.0.0.1:${ports.gateway}`;
    // The renders yield the CPU to the HTTP processes on the machine (their ffmpeg inherits it): by default, and as asked.
    expect(getPriority(workerA.child.pid!)).toBe(Math.max(10, getPriority()));
    expect(getPriority(workerB.child.pid!)).toBe(Math.max(15, getPriority()));
    expect(getPriority(command.child.pid!)).toBe(getPriority());

    // Several users, one video each (the Free plan's single creation), all through the one origin.
    const videos: Array<{ token: string; videoId: string }> = [];
    for (let i = 0; i < VIDEOS; i++) {
      const reg = await request(url).post('/api/auth/register').send({ name: `Creator ${i}`, email: `creator${i}-${id}@example.com`, password: 'secret1!' }).expect(201);
      const gen = await request(url).post('/api/generate-video').set('authorization', `Bearer ${reg.body.token}`)
        .send({ topic: ['Fun Facts', 'Scary Stories', 'What If?'][i % 3], duration: 30, customPrompt: '', style: ['pixel', 'anime', 'neon'][i % 3], voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: i % 2 ? '16:9' : '9:16', language: ['English', 'Spanish', 'French'][i % 3] })
        .expect(201);
      videos.push({ token: reg.body.token, videoId: gen.body.videoId });
    }

    // Mid-way: kill a worker while it renders (whichever the group gave a video first), and the leading projector.
    const rendering = async () => {
      for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
        const worker = [workerA, workerB].find((w) => w.lines.some((l) => /render started/.test(l)));
        if (worker) return worker;
      }
      throw new Error(`no worker started a render within 120 s. worker-a:\n${workerA.lines.slice(-10).join('\n')}\nworker-b:\n${workerB.lines.slice(-10).join('\n')}`);
    };
    const victim = await rendering();
    await new Promise((r) => setTimeout(r, 3000));
    await victim.kill('SIGKILL');
    await projectorA.kill('SIGKILL');
    await projectorB.waitForLine(/Acquired the lease/, 60_000);

    // Every video reaches done, seen through the gateway and query-api.
    const deadline = Date.now() + 12 * 60_000;
    const pending = new Set(videos.map((v) => v.videoId));
    while (pending.size > 0 && Date.now() < deadline) {
      for (const v of videos) {
        if (!pending.has(v.videoId)) continue;
        const res = await request(url).get(`/api/video/status/${v.videoId}`).set('authorization', `Bearer ${v.token}`);
        if (res.body.status === 'failed') throw new Error(`video ${v.videoId} failed: ${res.body.failureReason}`);
        if (res.body.status === 'done') pending.delete(v.videoId);
      }
      if (pending.size) await new Promise((r) => setTimeout(r, 1000));
    }
    expect([...pending]).toEqual([]);

    // Exactly once: one VideoRendered per video stream.
    const store = await openEventStore(base.EVENT_STORE_URL);
    for (const v of videos) {
      const events = await store.readStream(videoStreamId(v.videoId));
      expect(events.filter((e) => e.type === 'VideoRendered')).toHaveLength(1);
    }

    // Read models consistent: wait until the projector caught up, then compare with a rebuild from 0.
    const live = await openDocumentStore(base.READ_STORE_URL);
    const head = await store.headPosition();
    const caughtUp = Date.now() + 60_000;
    while ((await live.getCheckpoint('read-models')) < head && Date.now() < caughtUp) await new Promise((r) => setTimeout(r, 200));
    expect(await live.getCheckpoint('read-models')).toBeGreaterThanOrEqual(head);
    const rebuilt = await openDocumentStore(':memory:');
    await rebuildProjections({ eventStore: store, docs: rebuilt, projections: PROJECTIONS, logger: createLogger('test', { level: 'silent' }) });
    expect(await readModelSnapshot(live)).toEqual(await readModelSnapshot(rebuilt));
    const listed = await live.collection(COLLECTIONS.videoList).find({});
    expect(listed).toHaveLength(VIDEOS);
    expect(listed.every((d) => d.status === 'done')).toBe(true);
    await Promise.all([live.close(), rebuilt.close(), store.close()]);
  });
});
