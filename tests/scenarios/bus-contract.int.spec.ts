import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Ajv, { type ValidateFunction } from 'ajv';
import request from 'supertest';
import { namespaced, openMessageBus, TOPICS, type IncomingMessage, type MessageBus } from '@app/platform';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';
import { eventually } from '../support/eventually';
import { freePort } from '../support/processes';

jest.setTimeout(240_000);

const brokers = process.env.KAFKA_BROKERS;
if (!brokers) process.stderr.write('bus contract int test skipped: needs KAFKA_BROKERS (npm test starts Kafka)\n');

const aVideo = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'comic', voiceid: 'XrExE9yKIg1WjnnlVkGX', aspectRatio: '9:16', language: 'English' };

interface Validators { payload: ValidateFunction; headers: ValidateFunction }

/** The JSON Schemas of each topic's message, from the AsyncAPI document the product serves. */
function validatorsOf(document: { channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>; components: { messages: Record<string, { payload: { schema: object }; headers: { schema: object } }> } }): Map<string, Validators> {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const byTopic = new Map<string, Validators>();
  for (const channel of Object.values(document.channels)) {
    const [ref] = Object.values(channel.messages);
    const message = document.components.messages[ref.$ref.split('/').pop()!];
    byTopic.set(channel.address, { payload: ajv.compile(message.payload.schema), headers: ajv.compile(message.headers.schema) });
  }
  return byTopic;
}

type ServedDocument = Parameters<typeof validatorsOf>[0];

/** Every message validates against its topic's payload and header schemas, and says it is schema version 1. */
function expectValid(validators: Map<string, Validators>, messages: IncomingMessage[]): void {
  for (const message of messages) {
    const { payload, headers } = validators.get(message.topic)!;
    expect({ topic: message.topic, payload: payload(message.value) ? 'valid' : payload.errors }).toEqual({ topic: message.topic, payload: 'valid' });
    expect({ topic: message.topic, headers: headers(message.headers) ? 'valid' : headers.errors }).toEqual({ topic: message.topic, headers: 'valid' });
    expect(message.headers.schemaVersion).toBe('1');
  }
}

const STAGES = ['start', 'script', 'audio', 'images', 'video', 'uploading', 'done'];
const statusesOf = (seen: IncomingMessage[], videoId: string) => seen.filter((m) => m.topic === TOPICS.renderStatus && m.key === videoId).map((m) => m.value as { status: string; version?: number; reason?: string });

/** A consumer group of the test's own on both topics: it sees every message the product publishes. */
async function spyOn(bus: MessageBus): Promise<{ seen: IncomingMessage[]; stop: () => Promise<void> }> {
  const seen: IncomingMessage[] = [];
  // A group per topic: kafkajs cannot share one group between members of different subscriptions.
  const group = `contract-spy-${randomUUID().slice(0, 8)}`;
  const consumers = await Promise.all([TOPICS.renderRequests, TOPICS.renderStatus].map((topic) => bus.subscribe(topic, { groupId: `${group}-${topic}`, handler: async (message) => { seen.push(message); } })));
  return { seen, stop: async () => void (await Promise.all(consumers.map((consumer) => consumer.stop()))) };
}

const run = promisify(execFile);
/** The operator's command line, as an operator runs it, on the product's bus. */
const busCli = async (namespace: string, ...args: string[]) =>
  (await run('npm', ['run', '-s', 'bus', '--', ...args], { cwd: resolve(__dirname, '../..'), env: { ...process.env, BUS_URL: `kafka://${brokers}`, BUS_NAMESPACE: namespace, LOG_LEVEL: 'silent' } })).stdout;

(brokers ? describe : describe.skip)('The bus contract, on real Kafka', () => {
  const kafkaUrl = `kafka://${brokers}?retryBackoffMs=20&maxRetryBackoffMs=100`;
  let bus: MessageBus;
  let server: TestServer;
  let token: string;
  const bearer = (of = token) => ({ authorization: `Bearer ${of}` });
  const statusOf = async (videoId: string, of = token) => (await request(server.url).get(`/api/video/status/${videoId}`).set(bearer(of)).expect(200)).body.status as string | undefined;
  const generate = async () => (await request(server.url).post('/api/generate-video').set(bearer()).send(aVideo).expect(201)).body.videoId as string;
  const servedDocument = async () => (await request(server.url).get('/api/asyncapi.json').expect(200)).body as ServedDocument;

  const startOn = async (namespace: string, render: boolean) => {
    bus = namespaced(await openMessageBus(kafkaUrl), namespace);
    server = await startEmbeddedServer({ render, webDist: null, env: { BUS_URL: kafkaUrl, BUS_NAMESPACE: namespace } });
    token = (await request(server.url).post('/api/auth/register').send({ name: 'Ada', email: `ada-${namespace}@example.com`, password: 'secret1!' }).expect(201)).body.token;
  };
  afterEach(async () => {
    await server?.stop();
    await bus?.close();
  });

  describe("Given the product's own render workers", () => {
    it('should publish only messages the AsyncAPI document validates, for a first render and a re-render, and dead-letter a poison request while it renders the next', async () => {
      const namespace = `bc${randomUUID().slice(0, 8)}`;
      await startOn(namespace, true);
      const spy = await spyOn(bus);
      try {
        await bus.publish(TOPICS.renderRequests, [{ key: 'poison', value: { videoId: 'poison', aspectRatio: '4:3' }, headers: { correlationId: 'poison-1' } }]);
        const videoId = await generate();
        await eventually(() => statusOf(videoId), (status) => status === 'done' || status === 'failed', 200_000, 500);
        expect(await statusOf(videoId)).toBe('done');
        await eventually(async () => statusesOf(spy.seen, videoId).length, (count) => count === 7, 15_000);

        // A re-render from the studio (the music changed): the relay publishes the RerenderRequested
        // with the draft (script, seeds, voice, captions, music) and version 2; the statuses carry the version.
        await request(server.url).put(`/api/video/${videoId}/music`).set(bearer()).send({ mood: 'calm', volume: 20, ducking: true }).expect(200);
        expect((await request(server.url).post(`/api/video/${videoId}/rerender`).set(bearer()).expect(201)).body).toMatchObject({ version: 2 });
        await eventually(async () => statusesOf(spy.seen, videoId), (statuses) => statuses.some((s) => s.version === 2 && (s.status === 'done' || s.status === 'failed')), 200_000, 500);
        await eventually(async () => statusesOf(spy.seen, videoId).length, (count) => count === 14, 15_000);

        const validators = validatorsOf(await servedDocument());
        const ours = spy.seen.filter((message) => message.key === videoId);
        const once = [TOPICS.renderRequests, ...Array(7).fill(TOPICS.renderStatus)];
        expect(ours.map((message) => message.topic)).toEqual([...once, ...once]);
        expectValid(validators, ours);
        const rerender = ours[8].value as Record<string, unknown>;
        expect(rerender).toMatchObject({ videoId, version: 2, music: { mood: 'calm', volume: 20, ducking: true }, script: { narrationScript: expect.any(Array) } });
        expect(Object.keys(rerender)).toEqual(expect.arrayContaining(['imageSeeds', 'captions', 'voiceId']));
        expect(statusesOf(spy.seen, videoId).map((s) => `${s.status}@${s.version ?? 1}`)).toEqual([...STAGES.map((s) => `${s}@1`), ...STAGES.map((s) => `${s}@2`)]);
        // The poison request itself does not validate: the contract and the workers agree.
        expect(validators.get(TOPICS.renderRequests)!.payload(spy.seen.find((m) => m.key === 'poison')!.value)).toBe(false);

        const listed = await busCli(namespace, 'dlq', 'list', TOPICS.renderRequests);
        expect(listed).toContain('render.requests.dlq: 1 dead letter waiting');
        expect(listed).toMatch(/group \S*render-workers +key poison/);
        expect(listed).toMatch(/reason: unreadable: not a render\.requests message \(schema v1\): userId: .*aspectRatio: Invalid option/);
      } finally {
        await spy.stop();
      }
    });
  });

  describe('Given render workers whose script writer cannot be reached', () => {
    it('should publish a `failed` status with its reason that the AsyncAPI document validates, and the video ends failed', async () => {
      const namespace = `bc${randomUUID().slice(0, 8)}`;
      // Nothing listens on this port: the script stage fails at once, and one attempt is all there is.
      const closed = await freePort();
      const failing = { SCRIPT_PROVIDER: 'openai', OPENAI_BASE_URL: `http://127.0.0.1:${closed}/v1`, OPENAI_API_KEY: 'sk-test', OPENAI_MAX_RETRIES: '0', RENDER_MAX_ATTEMPTS: '1' };
      bus = namespaced(await openMessageBus(kafkaUrl), namespace);
      server = await startEmbeddedServer({ render: true, webDist: null, env: { BUS_URL: kafkaUrl, BUS_NAMESPACE: namespace, ...failing } });
      token = (await request(server.url).post('/api/auth/register').send({ name: 'Cy', email: `cy-${namespace}@example.com`, password: 'secret1!' }).expect(201)).body.token;
      const spy = await spyOn(bus);
      try {
        const videoId = await generate();
        await eventually(() => statusOf(videoId), (status) => status === 'done' || status === 'failed', 60_000, 250);
        expect(await statusOf(videoId)).toBe('failed');
        await eventually(async () => statusesOf(spy.seen, videoId).map((s) => s.status), (statuses) => statuses.includes('failed'), 15_000);

        const ours = spy.seen.filter((message) => message.key === videoId);
        expect(ours.map((message) => message.topic)).toEqual([TOPICS.renderRequests, TOPICS.renderStatus, TOPICS.renderStatus]);
        expectValid(validatorsOf(await servedDocument()), ours);
        const [start, failed] = statusesOf(spy.seen, videoId);
        expect(start.status).toBe('start');
        expect(failed).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^The render failed while writing the script \(1 attempt\): /) });
      } finally {
        await spy.stop();
      }
    });
  });

  describe('Given a status the video keeps refusing (a worker that forgot the media)', () => {
    it('should dead-letter it after its retries, go on with later statuses, and finish the video when the fixed status is replayed', async () => {
      const namespace = `bc${randomUUID().slice(0, 8)}`;
      await startOn(namespace, false);
      const broken = await generate();
      const brokenOwner = token;
      // One video at a time per creator: another creator's video makes the later messages.
      token = (await request(server.url).post('/api/auth/register').send({ name: 'Bo', email: `bo-${namespace}@example.com`, password: 'secret1!' }).expect(201)).body.token;
      const other = await generate();
      const media = (videoId: string) => ({ videoKey: `videos/u/${videoId}/video.mp4`, thumbnailKey: null, durationSeconds: 3, width: 1080, height: 1920, sizeBytes: 1000 });
      const status = (videoId: string, value: string, extra: object = {}) => ({
        key: videoId,
        value: { videoId, status: value, at: new Date().toISOString(), workerId: 'test-worker', attempt: 1, ...extra },
        headers: { correlationId: `c-${videoId}`, schemaVersion: '1' },
      });
      const script = { title: 'A title', description: 'A caption', narrationScript: ['One line.'] };
      const stages = (videoId: string) => ['start', 'script', 'audio', 'images', 'video', 'uploading'].map((stage) => status(videoId, stage, stage === 'start' ? {} : { script }));

      await bus.publish(TOPICS.renderStatus, [...stages(broken), status(broken, 'done', { script })]);
      await bus.publish(TOPICS.renderStatus, [...stages(other), status(other, 'done', { script, media: media(other) })]);

      // Whichever partitions they share, the later video finishes while the broken status is retried, then parked.
      await eventually(() => statusOf(other), (value) => value === 'done', 60_000, 250);
      const letters = await eventually(() => bus.deadLetters(TOPICS.renderStatus), (found) => found.length === 1, 60_000, 500);
      expect(letters[0]).toMatchObject({ key: broken, reason: 'failed 11 times: A finished render must carry its media', redeliveries: 10 });
      expect(await statusOf(broken, brokenOwner)).toBe('uploading');

      const fixed = join(mkdtempSync(join(tmpdir(), 'dlq-fix-')), 'fixed.json');
      writeFileSync(fixed, JSON.stringify({ ...JSON.parse(letters[0].value), media: media(broken) }));
      expect(await busCli(namespace, 'dlq', 'replay', TOPICS.renderStatus, '--id', letters[0].id, '--value-file', fixed)).toContain(`replayed 1 to render.status: ${letters[0].id} (key ${broken})`);
      await eventually(() => statusOf(broken, brokenOwner), (value) => value === 'done', 30_000, 250);
      expect(await bus.deadLetters(TOPICS.renderStatus)).toEqual([]);
    });
  });
});
