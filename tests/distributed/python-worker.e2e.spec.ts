import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { videoStreamId } from '@app/domain';
import { namespaced, openEventStore, openMessageBus, TOPICS, type EventStore, type MessageBus } from '@app/platform';
import { colourAt, type FrameRegion, type Rgb } from '@app/render-workers/testing';
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
const probe = (file: string) => JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], { encoding: 'utf8' })) as Probe;
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);

/** Away from the Python worker's lines (centre of a card, bottom of own media) and from letterbox bars. */
const MIDDLE: FrameRegion = { x: 0.3, y: 0.35, w: 0.4, h: 0.15 };
const TOP_BAND: FrameRegion = { x: 0.1, y: 0.02, w: 0.8, h: 0.06 };

const isRed = ({ r, g, b }: Rgb) => r > 180 && g < 70 && b < 70;
const isBlue = ({ r, g, b }: Rgb) => b > 150 && r < 70 && g < 70;
const isBlack = ({ r, g, b }: Rgb) => Math.max(r, g, b) < 30;

/** The loudest sample of a file's sound, dBFS. */
function maxVolume(file: string): number {
  const { stderr } = spawnSync('ffmpeg', ['-hide_banner', '-i', file, '-af', 'volumedetect', '-f', 'null', '-'], { encoding: 'utf8' });
  return Number(/max_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? 'NaN');
}

/** Whether the worker's log says it rendered the video: both log a `render done` line with the video id (a JSON string). */
const rendered = (worker: ServiceProcess, videoId: string) => worker.lines.some((line) => line.includes('render done') && line.includes(`"${videoId}"`));

(engines ? describe : describe.skip)('A render worker in Python, written from the AsyncAPI document alone, on real Kafka', () => {
  const scratch = onRealEngines('pw', { postgresUrl: POSTGRES_URL ?? '', mongoUrl: MONGO_URL ?? '', kafkaBrokers: KAFKA_BROKERS ?? '' });
  const running: ServiceProcess[] = [];
  const buses: MessageBus[] = [];
  let venv: string;
  let s3: Record<string, string>;
  const files = mkdtempSync(join(tmpdir(), 'pw-files-'));

  const worker = (name: string, env: Record<string, string>) => {
    const p = startProgram(name, join(venv, 'bin/python'), [join(root, 'examples/python-worker/worker.py')], {
      ...scratch.env, ...s3, WORKER_ID: name, WORK_DIR: mkdtempSync(join(tmpdir(), `${name}-`)), PYTHONDONTWRITEBYTECODE: '1', ...env,
    });
    running.push(p);
    return p;
  };
  /** A namespaced bus of the test's own (4 partitions per topic, as the services' bus makes them). */
  const openBus = async (namespace: string) => {
    const bus = namespaced(await openMessageBus(`kafka://${KAFKA_BROKERS}?partitions=4`), namespace);
    buses.push(bus);
    return bus;
  };
  /** A render request as the relay publishes it: a short square video. */
  const requestOf = (videoId: string, extra: Record<string, unknown> = {}) => ({
    key: videoId,
    value: { videoId, userId: 'bus-user', topic: 'Fun Facts', language: 'English', voiceId: 'nPczCjzI2devNBz1zQrb', style: 'pixel', aspectRatio: '1:1', duration: 15, requestedAt: new Date().toISOString(), ...extra },
    headers: { correlationId: `c-${videoId}`, schemaVersion: '1' },
  });

  beforeAll(async () => {
    venv = pythonWorkerVenv();
    s3 = await s3Bucket(`pw-${scratch.id}`);
  });
  afterAll(async () => {
    await Promise.all(running.map((p) => p.kill()));
    await Promise.all(buses.map((bus) => bus.close()));
    await scratch.cleanup();
  });

  describe('Given the product on PostgreSQL, Kafka, FerretDB and S3 behind its gateway, with no render worker of its own', () => {
    let url: string;
    let store: EventStore;
    const workers: ServiceProcess[] = [];
    const start = (name: string, workspace: string, env: Record<string, string>) => {
      const p = startService(`pw-${name}`, workspace, { ...scratch.env, ...s3, PUBLIC_URL: url, RATE_LIMIT_MAX: '1000', RENDER_BACKOFF_MS: '200', DATA_DIR: mkdtempSync(join(tmpdir(), `pw-${name}-`)), ...env });
      running.push(p);
      return p;
    };
    const pythonWorker = async (name: string) => {
      const p = worker(name, { BUS_NAMESPACE: scratch.env.BUS_NAMESPACE });
      workers.push(p);
      await p.waitForLine(/Python render worker started/);
      return p;
    };
    const productWorker = async (name: string) => {
      const p = start(name, 'render-workers', { WORKER_ID: name, WORK_DIR: mkdtempSync(join(tmpdir(), `pw-${name}-`)) });
      workers.push(p);
      await p.waitForLine(/Render worker started/);
      return p;
    };
    /** Each phase starts from an empty group: the workers of the phase before leave it. */
    const stopWorkers = async () => void (await Promise.all(workers.splice(0).map((p) => p.kill())));

    beforeAll(async () => {
      const [command, query, gateway] = await Promise.all([freePort(), freePort(), freePort()]);
      url = `http://127.0.0.1:${gateway}`;
      const services = [
        start('command-api', 'command-api', { PORT: String(command) }),
        start('query-api', 'query-api', { PORT: String(query) }),
        start('projectors', 'projectors', {}),
        start('gateway', 'gateway', { PORT: String(gateway), COMMAND_API_URL: `http://127.0.0.1:${command}`, QUERY_API_URL: `http://127.0.0.1:${query}` }),
      ];
      await Promise.all(services.map((p) => p.waitForLine(/ ready"/, 90_000)));
      store = await openEventStore(scratch.env.EVENT_STORE_URL);
    });
    afterAll(async () => {
      await stopWorkers();
      await store?.close();
    });

    const register = async (creator: string) =>
      (await request(url).post('/api/auth/register').send({ name: creator, email: `${creator}-${scratch.id}@example.com`, password: 'secret1!' }).expect(201)).body.token as string;
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const aVideo = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'comic', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English' };
    const generate = async (token: string, body: object = aVideo) =>
      (await request(url).post('/api/generate-video').set(bearer(token)).send(body).expect(201)).body.videoId as string;
    /** Waits for the video to end (404 until the projectors have seen the request) and expects it done. */
    const finished = async (token: string, videoId: string) => {
      const status = async () => (await request(url).get(`/api/video/status/${videoId}`).set(bearer(token))).body as { status?: string; failureReason?: string };
      const last = await eventually(status, (s) => s.status === 'done' || s.status === 'failed', 180_000, 500);
      expect({ videoId, ...last }).toMatchObject({ videoId, status: 'done' });
    };
    /** A new creator's video, rendered to the end by whichever worker runs: its id, owner and how long it took. */
    const renderOne = async (creator: string) => {
      const token = await register(creator);
      const t0 = Date.now();
      const videoId = await generate(token);
      await finished(token, videoId);
      return { token, videoId, seconds: (Date.now() - t0) / 1000 };
    };
    /** The MP4 as the web app plays it (the stream URL, from S3), saved to a file. */
    const download = async (token: string, videoId: string) => {
      const detail = (await request(url).get(`/api/video/${videoId}`).set(bearer(token)).expect(200)).body as { streamUrl: string; thumbnailUrl: string; title: string };
      const mp4 = await fetch(new URL(detail.streamUrl, url));
      expect([mp4.status, mp4.headers.get('content-type')]).toEqual([200, 'video/mp4']);
      const body = Buffer.from(await mp4.arrayBuffer());
      const file = join(mkdtempSync(join(files, 'video-')), 'video.mp4');
      writeFileSync(file, body);
      return { detail, body, file };
    };
    /** The video stream's events in order: the statuses it went through as the product recorded them. */
    const history = async (videoId: string) => (await store.readStream(videoStreamId(videoId)))
      .map((event) => (event.type === 'RenderStageReached' ? `${event.type}:${(event.data as { status: string }).status}` : event.type));
    const stages = (statuses: string[]) => statuses.map((s) => `RenderStageReached:${s}`).concat('VideoRendered');
    /** An item of the creator's media library, uploaded through the gateway as the web app does. */
    const upload = async (token: string, file: string, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(readFileSync(file))]), name);
      const res = await fetch(`${url}/api/media`, { method: 'POST', headers: bearer(token), body: form });
      expect(res.status).toBe(201);
      return ((await res.json()) as { _id: string })._id;
    };

    it("should finish a video requested through the gateway with only the Python worker running, playable, with the same status history as the product's workers", async () => {
      const python = await pythonWorker('python-worker');
      const byPython = await renderOne('pyuser');
      expect(rendered(python, byPython.videoId)).toBe(true);

      // Plays: the stream URL serves the MP4 from S3, and it is H.264/AAC at the contract's frame size, 30 fps, faststart.
      const { detail, body, file } = await download(byPython.token, byPython.videoId);
      expect(body.indexOf('moov')).toBeLessThan(body.indexOf('mdat'));
      const probed = probe(file);
      expect(probed.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([['video', 'h264'], ['audio', 'aac']]);
      expect(probed.streams[0]).toMatchObject({ width: 1080, height: 1920, avg_frame_rate: '30/1' });
      expect(Number(probed.format.duration)).toBeGreaterThan(1);
      const thumbnail = await fetch(new URL(detail.thumbnailUrl, url));
      expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

      // The product's own worker, in the same group once the Python worker has left it, renders the next video.
      await stopWorkers();
      await productWorker('own-worker');
      const byProduct = await renderOne('ownuser');

      const pythonHistory = await history(byPython.videoId);
      expect(pythonHistory).toEqual(await history(byProduct.videoId));
      expect(pythonHistory.filter((type) => type.startsWith('RenderStageReached') || type === 'VideoRendered'))
        .toEqual(stages(['start', 'script', 'audio', 'images', 'video', 'uploading']));
      process.stderr.write(`python worker journey: request to done ${byPython.seconds.toFixed(1)} s with the Python worker, ${byProduct.seconds.toFixed(1)} s with the product's; history ${pythonHistory.join(' > ')}\n`);
    });

    it("should share the consumer group with the product's worker: a few videos all end done, each worker rendering some", async () => {
      await stopWorkers();
      const own = await productWorker('own-mixed');
      const python = worker('python-mixed', { BUS_NAMESPACE: scratch.env.BUS_NAMESPACE });
      workers.push(python);
      // Joining makes the group rebalance: the Python worker's share (round robin over 4 partitions) is logged once it is settled.
      await python.waitForLine(/partitions assigned.*"partitions": \[\d/);

      // Each video lands on the partition of its id, so which worker renders it is chance: a couple
      // more videos when the first four happened to fall to one worker (1 time in 8).
      const videos: Array<{ token: string; videoId: string }> = [];
      const requestVideos = async (count: number) => {
        const made = await Promise.all(Array.from({ length: count }, async (_, i) => {
          const token = await register(`mixed${videos.length + i}`);
          return { token, videoId: await generate(token) };
        }));
        videos.push(...made);
        await Promise.all(made.map(({ token, videoId }) => finished(token, videoId)));
      };
      const t0 = Date.now();
      await requestVideos(4);
      const split = () => ({ python: videos.filter((v) => rendered(python, v.videoId)).length, product: videos.filter((v) => rendered(own, v.videoId)).length });
      while ((split().python === 0 || split().product === 0) && videos.length < 10) await requestVideos(2);

      const { python: byPython, product: byProduct } = split();
      process.stderr.write(`one group, two languages: ${videos.length} videos done in ${((Date.now() - t0) / 1000).toFixed(0)} s, split python ${byPython} / product ${byProduct}\n`);
      expect(byPython + byProduct).toBe(videos.length);
      expect(byPython).toBeGreaterThan(0);
      expect(byProduct).toBeGreaterThan(0);
    });

    it("should make an uploaded video (import) and a video with the creator's own clip and image, with only the Python worker running", async () => {
      await stopWorkers();
      const python = await pythonWorker('python-own-media');

      // "Upload Video": a landscape green clip with no sound, made a 9:16 video: letterboxed, silence added, its own length.
      ffmpeg('-f', 'lavfi', '-i', 'color=c=green:s=640x360:r=25:d=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', join(files, 'green.mp4'));
      const uploader = await register('uploader');
      const clipId = await upload(uploader, join(files, 'green.mp4'), 'green.mp4');
      const imported = (await request(url).post('/api/video/upload').set(bearer(uploader)).send({ mediaId: clipId, title: 'My holiday', aspectRatio: '9:16' }).expect(201)).body.videoId as string;
      await finished(uploader, imported);
      expect(rendered(python, imported)).toBe(true);
      const made = await download(uploader, imported);
      expect(made.detail.title).toBe('My holiday');
      expect(made.body.indexOf('moov')).toBeLessThan(made.body.indexOf('mdat'));
      const probed = probe(made.file);
      expect(probed.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([['video', 'h264'], ['audio', 'aac']]);
      expect(probed.streams[0]).toMatchObject({ width: 1080, height: 1920, avg_frame_rate: '30/1' });
      expect(Math.abs(Number(probed.format.duration) - 3)).toBeLessThan(0.1);
      const { g } = await colourAt(made.file, 1.5, { x: 0.3, y: 0.45, w: 0.4, h: 0.1 });
      expect(g).toBeGreaterThan(100);
      expect(isBlack(await colourAt(made.file, 1.5, TOP_BAND))).toBe(true);
      // As the product's worker reports an upload: no narration, no pictures.
      expect((await history(imported)).filter((type) => type.startsWith('RenderStageReached') || type === 'VideoRendered'))
        .toEqual(stages(['start', 'script', 'video', 'uploading']));

      // Own media: a red landscape clip with a loud tone (1.5 s, shorter than its scene) centre-cropped on scene 1,
      // a blue 4:3 still letterboxed on scene 2, a generated card on scene 3.
      ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=640x360:r=25:d=1.5', '-f', 'lavfi', '-i', 'sine=frequency=1000:sample_rate=48000:d=1.5',
        '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', join(files, 'red.mp4'));
      ffmpeg('-f', 'lavfi', '-i', 'color=c=blue:s=800x600', '-frames:v', '1', join(files, 'blue.png'));
      const creator = await register('owner');
      const red = await upload(creator, join(files, 'red.mp4'), 'red.mp4');
      const blue = await upload(creator, join(files, 'blue.png'), 'blue.png');
      const videoId = await generate(creator, { ...aVideo, sceneMedia: [{ mediaId: red, fit: 'crop' }, { mediaId: blue, fit: 'letterbox' }] });
      await finished(creator, videoId);
      expect(rendered(python, videoId)).toBe(true);
      const { file } = await download(creator, videoId);
      // The Python worker's scenes are two seconds each.
      for (const t of [0.8, 1.8]) {
        expect({ t, red: isRed(await colourAt(file, t, MIDDLE)), cropped: isRed(await colourAt(file, t, TOP_BAND)) }).toEqual({ t, red: true, cropped: true });
      }
      expect({ blue: isBlue(await colourAt(file, 3, MIDDLE)), letterboxed: isBlack(await colourAt(file, 3, TOP_BAND)) }).toEqual({ blue: true, letterboxed: true });
      const card = await colourAt(file, 5, MIDDLE);
      expect({ red: isRed(card), blue: isBlue(card) }).toEqual({ red: false, blue: false });
      // The clip's tone is not in the sound (only the worker's quiet bed is).
      expect(maxVolume(file)).toBeLessThan(-30);
    });
  });

  it('should dead-letter the requests it cannot read with readable reasons, render the next, and render a dead letter replayed fixed', async () => {
    const namespace = `pwdlq${scratch.id}`;
    const bus = await openBus(namespace);
    const statuses: Array<{ videoId: string; status: string }> = [];
    await bus.subscribe(TOPICS.renderStatus, { groupId: 'dlq-spy', handler: async (message) => void statuses.push(message.value as { videoId: string; status: string }) });
    const doneOf = (videoId: string) => eventually(async () => statuses.filter((s) => s.videoId === videoId).map((s) => s.status), (seen) => seen.includes('done') || seen.includes('failed'), 60_000, 250);

    const python = worker('python-dlq', { BUS_NAMESPACE: namespace });
    await python.waitForLine(/Python render worker started/);
    await bus.publish(TOPICS.renderRequests, [
      { key: 'not-an-object', value: 'render me', headers: { correlationId: 'c-not-an-object' } },
      requestOf('bad-frame', { aspectRatio: '4:3' }),
      requestOf('bad-media', { sceneMedia: [{ mediaId: 'm1', kind: 'gif', blobKey: 'media/u/m1/original', fit: 'crop' }] }),
      { ...requestOf('too-new'), headers: { correlationId: 'c-too-new', schemaVersion: '2' } },
      requestOf('good'),
    ]);
    expect(await doneOf('good')).toContain('done');

    // The product's own operator tooling reads the Python worker's dead letters: the contract's headers.
    const letters = await eventually(() => bus.deadLetters(TOPICS.renderRequests), (found) => found.length === 4, 30_000, 500);
    const byKey = Object.fromEntries(letters.map((letter) => [letter.key, letter]));
    expect(Object.keys(byKey).sort()).toEqual(['bad-frame', 'bad-media', 'not-an-object', 'too-new']);
    for (const letter of letters) expect(letter).toMatchObject({ groupId: `${namespace}.render-workers`, redeliveries: 0, topic: TOPICS.renderRequests });
    expect(byKey['not-an-object']).toMatchObject({ reason: 'unreadable: not a JSON object', value: '"render me"', headers: expect.objectContaining({ correlationId: 'c-not-an-object' }) });
    expect(byKey['bad-frame'].reason).toBe('unreadable: not a render request: aspectRatio: one of 9:16, 16:9, 1:1');
    expect(byKey['bad-media'].reason).toBe('unreadable: not a render request: sceneMedia[0].kind: one of clip, image');
    expect(byKey['too-new'].reason).toBe('unreadable: schema version 2 is newer than the 1 this worker reads');
    expect(statuses.filter((s) => s.videoId !== 'good')).toEqual([]);

    // The operator fixes the frame and replays that one: the Python worker renders it.
    const fixed = { ...JSON.parse(byKey['bad-frame'].value), aspectRatio: '1:1' };
    await bus.replayDeadLetters(TOPICS.renderRequests, { id: byKey['bad-frame'].id, value: JSON.stringify(fixed) });
    expect(await doneOf('bad-frame')).toEqual(['start', 'script', 'audio', 'images', 'video', 'uploading', 'done']);
    expect((await bus.deadLetters(TOPICS.renderRequests)).map((letter) => letter.key).sort()).toEqual(['bad-media', 'not-an-object', 'too-new']);
    process.stderr.write(`python worker dead letters: ${letters.map((letter) => `${letter.key}: ${letter.reason}`).join('; ')}\n`);
  });

  it('should show lag rise while two Python workers work off a backlog of 20 requests, and drain to 0', async () => {
    const namespace = `pwlag${scratch.id}`;
    const group = `${namespace}.render-workers`;
    const bus = await openBus(namespace);
    const done = new Set<string>();
    await bus.subscribe(TOPICS.renderStatus, { groupId: 'lag-spy', handler: async (message) => { if ((message.value as { status: string }).status === 'done') done.add(message.key); } });
    const backlogLag = async () => (await bus.lag('all')).filter((row) => row.groupId === group && row.topic === `${namespace}.${TOPICS.renderRequests}`);

    // A first request makes the group commit, so its lag is reported from the first message of the backlog.
    await bus.publish(TOPICS.renderRequests, [requestOf('warm-up')]);
    const workers = [worker('python-lag-a', { BUS_NAMESPACE: namespace }), worker('python-lag-b', { BUS_NAMESPACE: namespace })];
    await Promise.all(workers.map((w) => w.waitForLine(/partitions assigned/)));
    await eventually(async () => (await backlogLag()).length, (rows) => rows > 0, 60_000, 250);

    const videos = Array.from({ length: 20 }, (_, i) => `backlog-${i}`);
    const t0 = Date.now();
    await bus.publish(TOPICS.renderRequests, videos.map((videoId) => requestOf(videoId)));
    const samples: Array<{ ms: number; lag: number }> = [];
    while (Date.now() - t0 < 180_000) {
      const lag = (await backlogLag()).reduce((sum, row) => sum + row.lag, 0);
      samples.push({ ms: Date.now() - t0, lag });
      if (lag === 0 && videos.every((v) => done.has(v))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const peak = Math.max(...samples.map((s) => s.lag));
    const drained = samples.at(-1)!;
    const split = workers.map((w) => videos.filter((videoId) => rendered(w, videoId)).length);
    const drain = drained.lag === 0 ? `drained in ${(drained.ms / 1000).toFixed(0)} s` : `still ${drained.lag} behind after ${(drained.ms / 1000).toFixed(0)} s`;
    process.stderr.write(`python workers: backlog ${videos.length}, peak lag ${peak}, ${drain}, split ${split.join('/')}\n`);
    expect(peak).toBeGreaterThan(0);
    expect(drained.lag).toBe(0);
    expect(videos.filter((v) => !done.has(v))).toEqual([]);
    expect(split.reduce((a, b) => a + b, 0)).toBe(videos.length);
  });
});
