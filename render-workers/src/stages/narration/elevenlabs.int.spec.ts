import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { providerFailure } from '../../testing/provider-assertions';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startElevenLabsStandIn, type ElevenLabsStandIn } from '../../testing/elevenlabs-stand-in';
import { captureLogger } from '../../testing/openai-stand-in';
import { createElevenLabsNarrator, wordsFromAlignment, type ElevenLabsNarratorOptions } from './elevenlabs';
import type { NarrationRequest, WordTiming } from './port';

const SARAH = 'EXAVITQu4vr4xnSDxMaL';
const PER_CHAR = 0.05;

function expectMonotonicCovering(words: WordTiming[], durationSeconds: number) {
  expect(words.length).toBeGreaterThan(0);
  for (const [i, w] of words.entries()) {
    expect(w.end).toBeGreaterThanOrEqual(w.start);
    if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1].end - 0.001);
  }
  expect(words[0].start).toBeLessThan(0.1);
  expect(words.at(-1)!.end).toBeLessThanOrEqual(durationSeconds + 0.001);
  // MP3 decoding adds a few ms of padding; the last word ends at the speech's end.
  expect(words.at(-1)!.end).toBeGreaterThan(durationSeconds - 0.15);
}

describe('ElevenLabs narrator against the local stand-in', () => {
  let standIn: ElevenLabsStandIn;
  let outDir: string;
  let logs: ReturnType<typeof captureLogger>;

  beforeAll(async () => {
    standIn = await startElevenLabsStandIn({ secondsPerCharacter: PER_CHAR });
  });
  afterAll(() => standIn.close());
  beforeEach(async () => {
    standIn.reset();
    logs = captureLogger();
    outDir = await mkdtemp(path.join(tmpdir(), 'elevenlabs-'));
  });
  afterEach(() => rm(outDir, { recursive: true, force: true }));

  const aNarrationRequest = (overrides: Partial<NarrationRequest> = {}): NarrationRequest => ({
    lines: ['Honey never spoils.', 'Archaeologists found edible honey in Egyptian tombs!'],
    voiceId: SARAH,
    language: 'English',
    outDir,
    ...overrides,
  });
  const narrator = (overrides: Partial<ElevenLabsNarratorOptions> = {}) =>
    createElevenLabsNarrator({ baseURL: standIn.baseURL, apiKey: standIn.apiKey, timeoutMs: 5000, retryBaseDelayMs: 10, logger: logs.logger, ...overrides });
  const failure = providerFailure;

  describe('When the narration is spoken', () => {
    it('should post the text with the key, model and voice settings, and turn the alignment into word timings', async () => {
      const result = await narrator().narrate(aNarrationRequest());

      expect(standIn.requests).toHaveLength(1);
      const [call] = standIn.requests;
      expect(call.path).toBe(`/v1/text-to-speech/${SARAH}/with-timestamps`);
      expect(call.headers['xi-api-key']).toBe(standIn.apiKey);
      expect(call.query.output_format).toBe('mp3_44100_128');
      expect(call.body).toEqual({
        text: 'Honey never spoils. Archaeologists found edible honey in Egyptian tombs!',
        model_id: 'eleven_multilingual_v2',
        voice_settings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true },
      });
      expect(await readdir(outDir)).toEqual(['narration.wav']);
      expect(result.audioPath).toBe(path.join(outDir, 'narration.wav'));
      expect(result.words.map((w) => [w.word, w.line])).toEqual([
        ['Honey', 0], ['never', 0], ['spoils.', 0],
        ['Archaeologists', 1], ['found', 1], ['edible', 1], ['honey', 1], ['in', 1], ['Egyptian', 1], ['tombs!', 1],
      ]);
      // "never" covers characters 6..10 of the text.
      expect(result.words[1].start).toBeCloseTo(6 * PER_CHAR, 3);
      expect(result.words[1].end).toBeCloseTo(11 * PER_CHAR, 3);
      expectMonotonicCovering(result.words, result.durationSeconds);
      expect(logs.text()).not.toContain(standIn.apiKey);
    });

    it('should swap an English-only model for the multilingual one in Spanish', async () => {
      await narrator({ modelId: 'eleven_turbo_v2' }).narrate(aNarrationRequest({ language: 'Spanish', lines: ['La miel nunca se echa a perder.'] }));

      expect(standIn.requests[0].body.model_id).toBe('eleven_multilingual_v2');
      expect(standIn.requests[0].body).not.toHaveProperty('language_code');
    });

    it('should send language_code to models that take it', async () => {
      await narrator({ modelId: 'eleven_flash_v2_5' }).narrate(aNarrationRequest({ language: 'French', lines: ['Le miel ne se gâte jamais.'] }));

      expect(standIn.requests[0].body).toMatchObject({ model_id: 'eleven_flash_v2_5', language_code: 'fr' });
    });

    it('should split long scripts into stitched requests and keep the timings continuous', async () => {
      const result = await narrator({ maxCharsPerRequest: 40 }).narrate(aNarrationRequest({ lines: ['First line is here.', 'Second line follows it.', 'Third and last line.'] }));

      expect(standIn.requests).toHaveLength(3);
      expect(standIn.requests[0].body).toMatchObject({ next_text: 'Second line follows it.' });
      expect(standIn.requests[1].body).toMatchObject({ previous_text: 'First line is here.', next_text: 'Third and last line.' });
      expect(result.words.map((w) => w.line)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
      expectMonotonicCovering(result.words, result.durationSeconds);
      expect(result.words[4].start).toBeGreaterThanOrEqual(result.words[3].end);
    });

    it('should map aligned words onto script lines even when the alignment splits words differently', () => {
      const characters = [...'Hi  there — you'];
      const words = wordsFromAlignment(
        { characters, character_start_times_seconds: characters.map((_, i) => i * 0.1), character_end_times_seconds: characters.map((_, i) => (i + 1) * 0.1) },
        ['Hi there', '— you'],
        1.5,
      );
      expect(words.map((w) => [w.word, w.line, Math.round(w.start * 10) / 10])).toEqual([['Hi', 0, 0], ['there', 0, 0.4], ['you', 1, 1.2]]);
    });
  });

  describe('When the provider fails', () => {
    it('should fail on an invalid key without retrying, saying so', async () => {
      const error = await failure(narrator({ apiKey: 'sk_wrong_key_1234567890' }).narrate(aNarrationRequest()));

      expect(error).toMatchObject({ provider: 'elevenlabs', code: 'auth', status: 401, retryable: false });
      expect(error.message).toMatch(/API key was rejected.*invalid_api_key/);
      expect(error.message).not.toContain('sk_wrong_key');
      expect(standIn.requests).toHaveLength(1);
    });

    it('should tell an exhausted quota apart from a bad key', async () => {
      standIn.fail('quota');

      const error = await failure(narrator().narrate(aNarrationRequest()));

      expect(error).toMatchObject({ code: 'quota', status: 401, retryable: false });
      expect(error.message).toMatch(/run out of quota.*exceeds your quota/);
      expect(standIn.requests).toHaveLength(1);
    });

    it('should retry 429 and 500 with backoff and succeed', async () => {
      standIn.fail('rate_limit');
      standIn.fail('server_error');

      const result = await narrator().narrate(aNarrationRequest());

      expect(result.words).toHaveLength(10);
      expect(standIn.requests).toHaveLength(3);
    });

    it('should give up with a retryable error once retries are spent', async () => {
      standIn.fail('server_error', 3);

      const error = await failure(narrator({ maxRetries: 2 }).narrate(aNarrationRequest()));

      expect(error).toMatchObject({ code: 'server', status: 500, retryable: true });
      expect(standIn.requests).toHaveLength(3);
    });

    it('should reject an answer whose alignment is malformed', async () => {
      standIn.fail('malformed');

      const error = await failure(narrator().narrate(aNarrationRequest()));

      expect(error).toMatchObject({ code: 'invalid_output' });
      expect(error.message).toMatch(/unexpected answer shape/);
      expect(standIn.requests).toHaveLength(1);
    });

    it('should report an unknown voice as a refused request', async () => {
      const error = await failure(narrator().narrate(aNarrationRequest({ voiceId: 'no-such-voice' })));

      expect(error).toMatchObject({ code: 'invalid_request', status: 404, retryable: false });
      expect(error.message).toMatch(/voice_not_found/);
    });

    it('should time out within the configured time', async () => {
      standIn.fail({ delayMs: 5000 });
      const started = Date.now();

      const error = await failure(narrator({ timeoutMs: 300, maxRetries: 0 }).narrate(aNarrationRequest()));

      expect(error).toMatchObject({ code: 'timeout', retryable: true });
      expect(Date.now() - started).toBeLessThan(1500);
    });

    it('should stop when the AbortSignal fires, also while backing off', async () => {
      standIn.fail('rate_limit', 5);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const started = Date.now();

      const error = await failure(narrator({ retryBaseDelayMs: 5000 }).narrate(aNarrationRequest(), controller.signal));

      expect(error).toMatchObject({ code: 'aborted', retryable: false });
      expect(Date.now() - started).toBeLessThan(1500);
    });
  });
});
