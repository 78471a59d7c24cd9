import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { providerFailure } from '../../testing/provider-assertions';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ART_STYLES } from '@app/domain';
import { captureLogger, startOpenAiStandIn, type OpenAiStandIn } from '../../testing/openai-stand-in';
import { closestImageSize, createOpenAiIllustrator, type OpenAiIllustratorOptions } from './openai-illustrator';
import type { IllustrationRequest } from './port';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('OpenAI illustrator against the local stand-in', () => {
  let standIn: OpenAiStandIn;
  let outDir: string;
  let logs: ReturnType<typeof captureLogger>;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(async () => {
    standIn.reset();
    logs = captureLogger();
    outDir = await mkdtemp(path.join(tmpdir(), 'illustrator-'));
  });
  afterEach(() => rm(outDir, { recursive: true, force: true }));

  const anIllustrationRequest = (overrides: Partial<IllustrationRequest> = {}): IllustrationRequest => ({
    scenes: ['A lighthouse in a storm', 'A fishing boat at dawn', 'Seagulls over the harbour'],
    style: 'anime',
    width: 1080,
    height: 1920,
    seed: 'video-1',
    outDir,
    ...overrides,
  });
  const illustrator = (overrides: Partial<OpenAiIllustratorOptions> = {}) =>
    createOpenAiIllustrator({ baseURL: standIn.baseURL, apiKey: standIn.apiKey, model: 'gpt-image-1', timeoutMs: 5000, maxRetries: 2, logger: logs.logger, ...overrides });
  const failure = providerFailure;

  describe('When every scene is generated', () => {
    it('should write one PNG per scene, in order, asking with the style prompt, the scene and a portrait size', async () => {
      const paths = await illustrator().illustrate(anIllustrationRequest());

      expect(paths).toEqual(['scene-01.png', 'scene-02.png', 'scene-03.png'].map((f) => path.join(outDir, f)));
      for (const p of paths) expect((await readFile(p)).subarray(0, 8)).toEqual(PNG_SIGNATURE);
      const calls = standIn.requestsTo('/v1/images/generations');
      expect(calls).toHaveLength(3);
      const anime = ART_STYLES.find((s) => s.id === 'anime')!.prompt;
      for (const call of calls) {
        expect(call.headers.authorization).toBe(`Bearer ${standIn.apiKey}`);
        expect(call.body).toMatchObject({ model: 'gpt-image-1', n: 1, size: '1024x1536' });
        expect(call.body.prompt).toContain(anime);
        expect(call.body).not.toHaveProperty('response_format');
      }
      expect(calls.map((c) => String(c.body.prompt).split('\n')[0]).sort()).toEqual(['A fishing boat at dawn', 'A lighthouse in a storm', 'Seagulls over the harbour']);
      expect(logs.text()).not.toContain(standIn.apiKey);
    });

    it('should ask dall-e-3 for b64_json at its own landscape size', async () => {
      await illustrator({ model: 'dall-e-3' }).illustrate(anIllustrationRequest({ width: 1920, height: 1080, scenes: ['A city at night'] }));

      expect(standIn.requestsTo('/v1/images/generations')[0].body).toMatchObject({ model: 'dall-e-3', size: '1792x1024', response_format: 'b64_json' });
    });

    it('should download the image when the server answers a url', async () => {
      standIn.setImageDelivery('url');

      const [first] = await illustrator().illustrate(anIllustrationRequest({ scenes: ['A quiet forest'] }));

      expect((await readFile(first)).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    });
  });

  describe('When choosing a size', () => {
    it.each([
      ['gpt-image-1', 1080, 1920, '1024x1536'],
      ['gpt-image-1', 1920, 1080, '1536x1024'],
      ['gpt-image-1', 1080, 1080, '1024x1024'],
      ['dall-e-3', 1080, 1920, '1024x1792'],
      ['dall-e-2', 1080, 1920, '1024x1024'],
      ['some-local-model', 1080, 1920, '1024x1536'],
    ])('should pick for %s at %ix%i the size %s', (model, width, height, size) => {
      expect(closestImageSize(model, width, height)).toBe(size);
    });
  });

  describe('When the provider fails', () => {
    it('should reject output that is not an image', async () => {
      standIn.fail('malformed');

      const error = await failure(illustrator({ concurrency: 1 }).illustrate(anIllustrationRequest()));

      expect(error).toMatchObject({ code: 'invalid_output' });
      expect(error.message).toMatch(/scene 1 image is not a PNG/);
    });

    it('should fail on a rejected key without retrying', async () => {
      const error = await failure(illustrator({ apiKey: 'sk-wrong-key-1234567890', concurrency: 1 }).illustrate(anIllustrationRequest()));

      expect(error).toMatchObject({ code: 'auth', status: 401, retryable: false });
      expect(standIn.requestsTo('/v1/images/generations')).toHaveLength(1);
    });

    it('should retry a 500 and a 429 and finish', async () => {
      standIn.fail('server_error');
      standIn.fail('rate_limit');

      const paths = await illustrator({ concurrency: 1 }).illustrate(anIllustrationRequest({ scenes: ['One scene'] }));

      expect(paths).toHaveLength(1);
      expect(standIn.requestsTo('/v1/images/generations')).toHaveLength(3);
    });

    it('should time out within the configured time', async () => {
      standIn.fail({ delayMs: 5000 });
      const started = Date.now();

      const error = await failure(illustrator({ timeoutMs: 300, concurrency: 1 }).illustrate(anIllustrationRequest({ scenes: ['One scene'] })));

      expect(error).toMatchObject({ code: 'timeout', retryable: true });
      expect(Date.now() - started).toBeLessThan(1500);
    });

    it('should stop when the AbortSignal fires', async () => {
      standIn.fail({ delayMs: 5000 }, 3);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 150);

      const error = await failure(illustrator().illustrate(anIllustrationRequest(), controller.signal));

      expect(error).toMatchObject({ code: 'aborted', retryable: false });
    });
  });
});
