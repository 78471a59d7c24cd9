import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { videoStreamId } from '@app/domain';
import { namespaced, openEventStore, openMessageBus, TOPICS, type MessageBus } from '@app/platform';
import { eventually } from '../support/eventually';
import { freePort, startProgram, startService, type ServiceProcess } from '../support/processes';
import { onRealEngines } from '../support/scratch';

const root = resolve(__dirname, '../..');
const { POSTGRES_URL, KAFKA_BROKERS, MONGO_URL, S3_TEST_ENDPOINT } = process.env;
const engines = Boolean(POSTGRES_URL && KAFKA_BROKERS && MONGO_URL && S3_TEST_ENDPOINT);
if (!engines) process.stderr.write('python worker e2e skipped: needs POSTGRES_URL, KAFKA_BROKERS, MONGO_URL and S3_TEST_ENDPOINT (npm test starts them)\n');

jest.setTimeout(6 * 60_000);

/** The worker's venv: PYTHON_WORKER_VENV (npm test), else built by the project's own script. */
function pythonWorkerVenv(): string {
  if (process.env.PYTHON_WORKER_VENV) return process.env.PYTHON_WORKER_VENV;
  const output = execFileSync('bash', [join(root, 'infra/scripts/python-worker.sh')], { encoding: 'utf8' });
  const venv = /^PYTHON_WORKER_VENV=(.+)$/m.exec(output)?.[1];
  if (!venv) throw new Error(`infra/scripts/python-worker.sh printed no PYTHON_WORKER_VENV:\n${output}`);
  return venv;
}

/** A bucket of the test's own on the S3 server (moto accepts any credentials), and the product's settings for it. */
async function s3Bucket(name: string): Promise<Record<string, string>> {
  const created = await fetch(`${S3_TEST_ENDPOINT}/${name}`, { method: 'PUT' });
  if (!created.ok) throw new Error(`could not create bucket ${name}: ${created.status}`);
  return { S3_BUCKET: name, S3_ENDPOINT: S3_TEST_ENDPOINT ?? '', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'test', S3_SECRET_ACCESS_KEY: 'test', S3_PREFIX: 'studio' };
}

interface Probe { streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; avg_frame_rate?: string }>; format: { duration: string } }

(engines ? describe : describe.skip)('A render worker in Python, written from the AsyncAPI document alone, on real Kafka', () => {
  const scratch = onRealEngines('pw', { postgresUrl: POSTGRES_URL ?? '', mongoUrl: MONGO_URL ?? '', kafkaBrokers: KAFKA_BROKERS ?? '' });
  const running: ServiceProcess[] = [];
  const buses: MessageBus[] = [];
  let venv: string;
  let s3: Record<string, string>;

  const worker = (name: string, env: Record<string, string>) => {
    const p = startProgram(name, join(venv, 'bin/python'), [join(root, 'examples/python-worker/worker.py')], { ...scratch.env, ...s3, WORKER_ID: name, WORK_DIR: mkdtempSync(join(tmpdir(), `${name}-`)), ...env });
    running.push(p);
    return p;
  };

  beforeAll(async () => {
    venv = pythonWorkerVenv();
    s3 = await s3Bucket(`pw-${scratch.id}`);
  });
  afterAll(async () => {
    await Promise.all(running.map((p) => p.kill()));
    await Promise.all(buses.map((bus) => bus.close()));
    await scratch.cleanup();
  });

  it("should finish a video requested through the gateway with only the Python worker running, playable, with the same status history as the product's workers", async () => {
    const [command, query, gateway] = await Promise.all([freePort(), freePort(), freePort()]);
    const base: Record<string, string> = { ...scratch.env, ...s3, PUBLIC_URL: `http://127.0.0.1:${gateway}`, RATE_LIMIT_MAX: '1000', RENDER_BACKOFF_MS: '200' };
    const start = (name: string, workspace: string, env: Record<string, string> = {}) => {
      const p = startService(`pw-${name}`, workspace, { ...base, DATA_DIR: mkdtempSync(join(tmpdir(), `pw-${name}-`)), ...env });
      running.push(p);
      return p;
    };
    const services = [
      start('command-api', 'command-api', { PORT: String(command) }),
      start('query-api', 'query-api', { PORT: String(query) }),
      start('projectors', 'projectors'),
      start('gateway', 'gateway', { PORT: String(gateway), COMMAND_API_URL: `http://127.0.0.1:${command}`, QUERY_API_URL: `http://127.0.0.1:${query}` }),
    ];
    await Promise.all(services.map((p) => p.waitForLine(/ ready"/, 90_000)));
    const python = worker('python-worker', { BUS_NAMESPACE: scratch.env.BUS_NAMESPACE });
    await python.waitForLine(/Python render worker started/);
    const url = `http://127.0.0.1:${gateway}`;

    /** A new creator's video, rendered to the end by whichever worker runs: its id, owner and how long it took. */
    const renderOne = async (creator: string) => {
      const token = (await request(url).post('/api/auth/register').send({ name: creator, email: `${creator}-${scratch.id}@example.com`, password: 'secret1!' }).expect(201)).body.token as string;
      const t0 = Date.now();
      const videoId = (await request(url).post('/api/generate-video').set('authorization', `Bearer ${token}`)
        .send({ topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'comic', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English' }).expect(201)).body.videoId as string;
      // 404 until the projectors have seen the request.
      const status = async () => (await request(url).get(`/api/video/status/${videoId}`).set('authorization', `Bearer ${token}`)).body as { status?: string; failureReason?: string };
      const last = await eventually(status, (s) => s.status === 'done' || s.status === 'failed', 180_000, 500);
      expect(last).toMatchObject({ status: 'done' });
      return { token, videoId, seconds: (Date.now() - t0) / 1000 };
    };
    const store = await openEventStore(base.EVENT_STORE_URL);
    /** The video stream's events in order: the statuses it went through as the product recorded them. */
    const history = async (videoId: string) => (await store.readStream(videoStreamId(videoId)))
      .map((event) => (event.type === 'RenderStageReached' ? `${event.type}:${(event.data as { status: string }).status}` : event.type));

    try {
      const byPython = await renderOne('pyuser');
      await python.waitForLine(new RegExp(`render done.*${byPython.videoId}`));

      // Plays: the stream URL serves the MP4 from S3, and it is H.264/AAC at the contract's frame size, 30 fps, faststart.
      const detail = (await request(url).get(`/api/video/${byPython.videoId}`).set('authorization', `Bearer ${byPython.token}`).expect(200)).body as { streamUrl: string; thumbnailUrl: string };
      const mp4 = await fetch(new URL(detail.streamUrl, url));
      expect(mp4.status).toBe(200);
      expect(mp4.headers.get('content-type')).toBe('video/mp4');
      const body = Buffer.from(await mp4.arrayBuffer());
      expect(body.indexOf('moov')).toBeLessThan(body.indexOf('mdat'));
      const file = join(mkdtempSync(join(tmpdir(), 'pw-probe-')), 'video.mp4');
      writeFileSync(file, body);
      const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], { encoding: 'utf8' })) as Probe;
      expect(probe.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([['video', 'h264'], ['audio', 'aac']]);
      expect(probe.streams[0]).toMatchObject({ width: 1080, height: 1920, avg_frame_rate: '30/1' });
      expect(Number(probe.format.duration)).toBeGreaterThan(1);
      const thumbnail = await fetch(new URL(detail.thumbnailUrl, url));
      expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

      // The product's own worker, in the same group once the Python worker has left it, renders the next video.
      await python.kill();
      const own = start('render-worker', 'render-workers', { WORKER_ID: 'own-worker', WORK_DIR: mkdtempSync(join(tmpdir(), 'pw-own-')) });
      await own.waitForLine(/Render worker started/);
      const byProduct = await renderOne('ownuser');

      const pythonHistory = await history(byPython.videoId);
      expect(pythonHistory).toEqual(await history(byProduct.videoId));
      expect(pythonHistory.filter((type) => type.startsWith('RenderStageReached') || type === 'VideoRendered'))
        .toEqual(['start', 'script', 'audio', 'images', 'video', 'uploading'].map((s) => `RenderStageReached:${s}`).concat('VideoRendered'));
      process.stderr.write(`python worker journey: request to done ${byPython.seconds.toFixed(1)} s with the Python worker, ${byProduct.seconds.toFixed(1)} s with the product's; history ${pythonHistory.join(' > ')}\n`);
    } finally {
      await store.close();
    }
  });

  it('should show lag rise while two Python workers work off a backlog of 20 requests, and drain to 0', async () => {
    const namespace = `pwlag${scratch.id}`;
    const group = `${namespace}.render-workers`;
    const bus = namespaced(await openMessageBus(`kafka://${KAFKA_BROKERS}?partitions=4`), namespace);
    buses.push(bus);
    const done = new Set<string>();
    await bus.subscribe(TOPICS.renderStatus, { groupId: 'lag-spy', handler: async (message) => { if ((message.value as { status: string }).status === 'done') done.add(message.key); } });
    const requestOf = (videoId: string) => ({
      key: videoId,
      value: { videoId, userId: 'lag-user', topic: 'Fun Facts', language: 'English', voiceId: 'nPczCjzI2devNBz1zQrb', style: 'pixel', aspectRatio: '1:1', duration: 15, requestedAt: new Date().toISOString() },
      headers: { correlationId: `c-${videoId}`, schemaVersion: '1' },
    });
    const backlogLag = async () => (await bus.lag('all')).filter((row) => row.groupId === group && row.topic === `${namespace}.${TOPICS.renderRequests}`);

    // A first request makes the group commit, so its lag is reported from the first message of the backlog.
    await bus.publish(TOPICS.renderRequests, [requestOf('warm-up')]);
    const workers = [worker('python-lag-a', { BUS_NAMESPACE: namespace }), worker('python-lag-b', { BUS_NAMESPACE: namespace })];
    await Promise.all(workers.map((w) => w.waitForLine(/partitions assigned/)));
    await eventually(async () => (await backlogLag()).length, (rows) => rows > 0, 60_000, 250);

    const videos = Array.from({ length: 20 }, (_, i) => `backlog-${i}`);
    const t0 = Date.now();
    await bus.publish(TOPICS.renderRequests, videos.map(requestOf));
    const samples: Array<{ ms: number; lag: number }> = [];
    while (Date.now() - t0 < 180_000) {
      const lag = (await backlogLag()).reduce((sum, row) => sum + row.lag, 0);
      samples.push({ ms: Date.now() - t0, lag });
      if (lag === 0 && videos.every((v) => done.has(v))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const max = Math.max(...samples.map((s) => s.lag));
    const drained = samples.at(-1)!;
    const renderedBy = workers.map((w) => `${w.name} ${w.lines.filter((l) => l.includes('render done')).length}`);
    process.stderr.write(`lag: max ${max} of 20, drained to ${drained.lag} in ${(drained.ms / 1000).toFixed(1)} s (${samples.length} samples); renders: ${renderedBy.join(', ')}\n`);
    expect(max).toBeGreaterThan(0);
    expect(drained.lag).toBe(0);
    expect(videos.filter((v) => !done.has(v))).toEqual([]);
  });
});
