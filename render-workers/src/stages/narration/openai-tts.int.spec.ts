import { providerFailure } from '../../testing/provider-assertions';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VOICES } from '@app/domain';
import { DEFAULT_MEDIA_TOOLS, probeDuration } from '../../shared/exec';
import { captureLogger, startOpenAiStandIn, type OpenAiStandIn } from '../../testing/openai-stand-in';
import { OPENAI_VOICE_FOR, createOpenAiNarrator, estimateWordTimings, type OpenAiNarratorOptions } from './openai-tts';
import type { NarrationRequest, WordTiming } from './port';

const BRIAN = 'nPczCjzI2devNBz1zQrb';
const SECONDS_PER_WORD = 0.3;

/** Starts never decrease, each word ends after it starts, and the words span the audio. */
function expectMonotonicCovering(words: WordTiming[], durationSeconds: number) {
  expect(words.length).toBeGreaterThan(0);
  for (const [i, w] of words.entries()) {
    expect(w.end).toBeGreaterThanOrEqual(w.start);
    if (i > 0) {
      expect(w.start).toBeGreaterThanOrEqual(words[i - 1].start);
      expect(w.start).toBeGreaterThanOrEqual(words[i - 1].end - 0.001);
    }
  }
  expect(words[0].start).toBeLessThan(0.05);
  expect(words.at(-1)!.end).toBeLessThanOrEqual(durationSeconds + 0.001);
  expect(words.at(-1)!.end).toBeGreaterThan(durationSeconds - 0.05);
}

describe('OpenAI narrator against the local stand-in', () => {
  let standIn: OpenAiStandIn;
  let outDir: string;
  let logs: ReturnType<typeof captureLogger>;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn({ secondsPerWord: SECONDS_PER_WORD });
  });
  afterAll(() => standIn.close());
  beforeEach(async () => {
    standIn.reset();
    logs = captureLogger();
    outDir = await mkdtemp(path.join(tmpdir(), 'openai-tts-'));
  });
  afterEach(() => rm(outDir, { recursive: true, force: true }));

  const aNarrationRequest = (overrides: Partial<NarrationRequest> = {}): NarrationRequest => ({
    lines: ['The octopus has three hearts.', 'Its blood is blue, not red.', 'Each of its arms can taste what it touches!'],
    voiceId: BRIAN,
    language: 'English',
    outDir,
    ...overrides,
  });
  const narrator = (overrides: Partial<OpenAiNarratorOptions> = {}) =>
    createOpenAiNarrator({ baseURL: standIn.baseURL, apiKey: standIn.apiKey, model: 'tts-1', timeoutMs: 5000, maxRetries: 2, logger: logs.logger, ...overrides });
  const failure = providerFailure;

  describe('When every line is spoken', () => {
    it('should speak each line with the mapped voice and join them into one WAV with estimated word timings', async () => {
      const result = await narrator().narrate(aNarrationRequest());

      const calls = standIn.requestsTo('/v1/audio/speech');
      expect(calls.map((c) => c.body.input)).toEqual(aNarrationRequest().lines);
      for (const call of calls) {
        expect(call.headers.authorization).toBe(`Bearer ${standIn.apiKey}`);
        expect(call.body).toEqual({ model: 'tts-1', voice: 'onyx', input: expect.any(String), response_format: 'wav' });
      }
      expect(result.audioPath).toBe(path.join(outDir, 'narration.wav'));
      expect(await readdir(outDir)).toEqual(['narration.wav']);
      // 5 + 6 + 9 words at 0.3 s each, measured from the real audio.
      expect(result.durationSeconds).toBeCloseTo(20 * SECONDS_PER_WORD, 1);
      expect(await probeDuration(DEFAULT_MEDIA_TOOLS, result.audioPath)).toBeCloseTo(result.durationSeconds, 2);
      expect(result.words.map((w) => w.word).join(' ')).toBe(aNarrationRequest().lines.join(' '));
      expect(result.words.map((w) => w.line)).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
      expectMonotonicCovering(result.words, result.durationSeconds);
      // Line 2 starts where line 1's clip ends.
      expect(result.words[5].start).toBeCloseTo(5 * SECONDS_PER_WORD, 1);
      expect(logs.text()).not.toContain(standIn.apiKey);
    });

    it('should take exact word timings from a word-level transcription when configured', async () => {
      const result = await narrator({ transcriptionModel: 'whisper-1' }).narrate(aNarrationRequest({ language: 'French' }));

      const [call] = standIn.requestsTo('/v1/audio/transcriptions');
      expect(call.headers.authorization).toBe(`Bearer ${standIn.apiKey}`);
      expect(call.body).toMatchObject({ model: 'whisper-1', response_format: 'verbose_json', 'timestamp_granularities[]': 'word', language: 'fr' });
      expect(call.body.file).toMatchObject({ name: 'narration.wav', type: 'audio/wav' });
      // The stand-in spreads the words evenly over the file: 20 equal slots. The length-weighted
      // estimate would start the long last word "touches!" about 0.2 s earlier.
      const slot = result.durationSeconds / 20;
      expect(result.words[19].start).toBeCloseTo(19 * slot, 1);
      expect(estimateWordTimings(aNarrationRequest().lines, [1.5, 1.8, 2.7])[19].start).toBeLessThan(19 * slot - 0.1);
      expect(result.words.map((w) => w.word)[3]).toBe('three');
      expectMonotonicCovering(result.words, result.durationSeconds);
    });

    it('should ask gpt-4o-mini-tts to keep the catalogue voice character, and accept MP3', async () => {
      const result = await narrator({ model: 'gpt-4o-mini-tts', responseFormat: 'mp3' }).narrate(aNarrationRequest({ voiceId: 'JBFqnCBsd6RMkjVDRZzb', lines: ['Hello there, friend.'] }));

      const [call] = standIn.requestsTo('/v1/audio/speech');
      expect(call.body).toMatchObject({ voice: 'fable', response_format: 'mp3' });
      expect(call.body.instructions).toMatch(/british accent/i);
      expectMonotonicCovering(result.words, result.durationSeconds);
    });

    it('should map all 12 catalogue voices onto OpenAI voices', () => {
      expect(VOICES.every((v) => OPENAI_VOICE_FOR[v.id])).toBe(true);
    });

    it('should weight estimated word times by word length', () => {
      const [short, long] = estimateWordTimings(['a extraordinary'], [2]);
      expect(long.end - long.start).toBeGreaterThan((short.end - short.start) * 5);
      expect(long.end).toBe(2);
    });
  });

  describe('When the provider fails', () => {
    it('should fail on a rejected key without retrying', async () => {
      const error = await failure(narrator({ apiKey: 'sk-wrong-key-1234567890' }).narrate(aNarrationRequest()));

      expect(error).toMatchObject({ code: 'auth', status: 401, retryable: false });
      expect(error.message).not.toContain('sk-wrong-key-1234567890');
      expect(standIn.requestsTo('/v1/audio/speech')).toHaveLength(1);
    });

    it('should retry 429 and 500 answers', async () => {
      standIn.fail('rate_limit');
      standIn.fail('server_error');

      const result = await narrator().narrate(aNarrationRequest({ lines: ['Just one line.'] }));

      expect(result.words).toHaveLength(3);
      expect(standIn.requestsTo('/v1/audio/speech')).toHaveLength(3);
    });

    it('should report audio that cannot be decoded', async () => {
      standIn.fail('malformed');

      const error = await failure(narrator().narrate(aNarrationRequest()));

      expect(error).toMatchObject({ code: 'invalid_output' });
      expect(error.message).toMatch(/line 1 audio could not be decoded/);
    });

    it('should time out within the configured time', async () => {
      standIn.fail({ delayMs: 5000 });
      const started = Date.now();

      const error = await failure(narrator({ timeoutMs: 300 }).narrate(aNarrationRequest()));

      expect(error).toMatchObject({ code: 'timeout' });
      expect(Date.now() - started).toBeLessThan(1500);
    });

    it('should stop when the AbortSignal fires', async () => {
      standIn.fail({ delayMs: 5000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 150);

      const error = await failure(narrator().narrate(aNarrationRequest(), controller.signal));

      expect(error).toMatchObject({ code: 'aborted' });
      expect(standIn.requestsTo('/v1/audio/speech')).toHaveLength(1);
    });
  });
});
