import { mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { type Language, VOICES } from '@app/domain';
import { createLogger } from '@app/platform';
import { readRenderWorkersConfig } from '../../config';
import { rendererHealthChecks } from '../../service';
import { probe, rmsLevel, tempDir } from '../../testing/media';
import { createEspeakNarrator } from './espeak';
import { createKokoroNarrator, KOKORO_SAMPLE_RATE } from './kokoro';
import { DEFAULT_TTS_MODEL_DIR, KOKORO_FILES, MODEL_FILE, NeuralModelError } from './kokoro/files';
import { tokenIds } from './kokoro/phonemes';
import { createSynthesisPool } from './kokoro/pool';
import { createOfflineNarrator } from './offline';

/**
 * Contract of the neural narrator (Kokoro-82M v1.0 through onnxruntime-node): it speaks English,
 * Spanish and French with word timings inside its audio, reads only verified files, and the
 * product falls back to espeak-ng, saying why, when a file is missing or corrupt.
 */
describe('The neural narrator', () => {
  const dir = tempDir('kokoro');
  const narrator = createKokoroNarrator({ workers: 2 });
  afterAll(async () => {
    await narrator.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** A model directory like the installed one, with the model file replaced by `model` (absent when null). */
  const brokenDir = (name: string, model: ((path: string) => void) | null) => {
    const broken = join(dir, name);
    mkdirSync(join(broken, 'voices'), { recursive: true });
    for (const file of KOKORO_FILES.filter((f) => f.path !== MODEL_FILE)) symlinkSync(join(DEFAULT_TTS_MODEL_DIR, file.path), join(broken, file.path));
    model?.(join(broken, MODEL_FILE));
    return broken;
  };
  const modelPin = KOKORO_FILES.find((f) => f.path === MODEL_FILE)!;

  describe.each<[Language, string[], number]>([
    ['English', ['Octopuses have three hearts.', 'Two pump blood to the gills, while the third pumps it to the body.'], 2],
    ['Spanish', ['¿Sabías que el pingüino no vuela?', 'Nada muy rápido bajo el agua.'], 3],
    ['French', ['Là-haut, l’été dure très longtemps.', 'Les nuits sont courtes.'], 9],
  ])('When it narrates %s', (language, lines, voice) => {
    it('should speak for a plausible length, with every word timed in order inside the audio', async () => {
      const result = await narrator.narrate({ lines, voiceId: VOICES[voice].id, language, outDir: join(dir, language) });

      const words = lines.join(' ').split(/\s+/);
      expect(result.words.map((w) => w.word)).toEqual(words);
      expect(result.words.map((w) => w.line)).toEqual(lines.flatMap((l, i) => l.split(/\s+/).map(() => i)));
      // Natural speech: about 1.5 to 4.5 words a second.
      expect(words.length / result.durationSeconds).toBeGreaterThan(1.5);
      expect(words.length / result.durationSeconds).toBeLessThan(4.5);
      const media = await probe(result.audioPath);
      expect(media.audio).toEqual({ codec: 'pcm_s16le', sampleRate: KOKORO_SAMPLE_RATE });
      expect(media.duration).toBeCloseTo(result.durationSeconds, 2);
      result.words.forEach((w, i) => {
        expect(w.end).toBeGreaterThan(w.start);
        if (i > 0) expect(w.start).toBeGreaterThanOrEqual(result.words[i - 1].end - 0.001);
      });
      expect(result.words[0].start).toBeGreaterThanOrEqual(0);
      expect(result.words.at(-1)!.end).toBeLessThanOrEqual(result.durationSeconds);
      // Speech where the words are, silence in the gap between the two lines.
      const firstLineEnd = result.words.filter((w) => w.line === 0).at(-1)!.end;
      const secondLineStart = result.words.find((w) => w.line === 1)!.start;
      expect(await rmsLevel(result.audioPath, result.words[0].start, firstLineEnd)).toBeGreaterThan(-30);
      expect(await rmsLevel(result.audioPath, firstLineEnd + 0.1, secondLineStart - 0.05)).toBeLessThan(-45);
    }, 180_000);
  });

  describe('When a render is aborted (shutdown) while its narration is synthesised', () => {
    it('should give up at once rather than wait for the sentences in flight', async () => {
      const abort = new AbortController();
      const narrating = narrator.narrate({ lines: ['A long sentence about lighthouses, harbours and the ships that pass them by at night, one after another.'], voiceId: VOICES[0].id, language: 'English', outDir: join(dir, 'aborted') }, abort.signal);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const t0 = Date.now();
      abort.abort(new Error('shutting down'));

      await expect(narrating).rejects.toThrow(/shutting down|aborted/);
      expect(Date.now() - t0).toBeLessThan(1000);
    }, 60_000);
  });

  describe('When its quantized convolutions are rewritten as float ones at load', () => {
    it('should say the same as the int8 graph (same length, same loudness contour)', async () => {
      const tokens = tokenIds('həlˈO wˈɜɹld, ðɪs ɪz ə tˈɛst.');
      const heart = readFileSync(join(DEFAULT_TTS_MODEL_DIR, 'voices/af_heart.bin'));
      const style = new Float32Array(heart.buffer, heart.byteOffset + tokens.length * 256 * 4, 256).slice();
      const job = { tokens, style, speed: 1 };
      const modelPath = join(DEFAULT_TTS_MODEL_DIR, MODEL_FILE);
      const [int8, float] = [createSynthesisPool({ modelPath, workers: 1, floatConvs: false }), createSynthesisPool({ modelPath, workers: 1 })];
      try {
        const [a, b] = await Promise.all([int8.synthesize(job), float.synthesize(job)]);
        expect(Math.abs(a.length - b.length) / a.length).toBeLessThan(0.05);
        expect(correlation(envelope(a), envelope(b))).toBeGreaterThan(0.95);
      } finally {
        await Promise.all([int8.close(), float.close()]);
      }
    }, 180_000);
  });

  describe('When the model file is missing', () => {
    it('should refuse with an error naming the file and its checksum', async () => {
      const broken = brokenDir('missing', null);

      const error = await createKokoroNarrator({ modelDir: broken }).narrate({ lines: ['Hello.'], voiceId: VOICES[0].id, language: 'English', outDir: join(dir, 'x') }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(NeuralModelError);
      expect((error as Error).message).toContain(join(broken, MODEL_FILE));
      expect((error as Error).message).toContain('is missing');
      expect((error as Error).message).toContain(modelPin.sha256);
    });
  });

  describe('When the model file is corrupt (right size, other bytes)', () => {
    it('should refuse with an error naming the file, its checksum and the one it has', async () => {
      const broken = brokenDir('corrupt', (path) => {
        writeFileSync(path, '');
        truncateSync(path, modelPin.bytes);
      });

      const error = await createKokoroNarrator({ modelDir: broken }).verify().catch((e: unknown) => e);

      expect(error).toBeInstanceOf(NeuralModelError);
      expect((error as NeuralModelError).file).toBe(join(broken, MODEL_FILE));
      expect((error as Error).message).toMatch(new RegExp(`has sha256 [0-9a-f]{64}; expected sha256 ${modelPin.sha256}`));
    });
  });

  describe('When the product narrates offline and a model file is corrupt', () => {
    it('should narrate with espeak-ng, log a warning naming the file, and say so in the service status', async () => {
      const broken = brokenDir('fallback', (path) => writeFileSync(path, 'not a model'));
      const lines: string[] = [];
      const sink = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(chunk.toString()); done(); } });
      const logger = createLogger('kokoro-test', { destination: sink });
      const offline = createOfflineNarrator({ neural: createKokoroNarrator({ modelDir: broken }), espeak: createEspeakNarrator(), logger });

      const result = await offline.narrate({ lines: ['Honey never spoils.'], voiceId: VOICES[0].id, language: 'English', outDir: join(dir, 'fallback-out') });

      expect(offline.name).toBe('espeak-ng');
      expect(result.words.map((w) => w.word)).toEqual(['Honey', 'never', 'spoils.']);
      const warning = lines.map((l) => JSON.parse(l) as { level: number; msg: string; file?: string }).find((l) => l.level === 40);
      expect(warning?.msg).toContain('narrating with espeak-ng');
      expect(warning?.file).toBe(join(broken, MODEL_FILE));
      expect(warning?.msg).toContain(modelPin.sha256);

      const status = await rendererHealthChecks(readRenderWorkersConfig({ VOICE_PROVIDER: 'kokoro', TTS_MODEL_DIR: broken })).narration();
      expect(status.available).toBe(true);
      expect(status.detail).toMatch(/^espeak-ng: neural voices unavailable \(Neural narration file TTS_MODEL_DIR\/kokoro-v1\.0\.int8\.onnx has \d+ bytes instead of 92361271; expected sha256 6e7421/);
      // The status is public: it names the file inside TTS_MODEL_DIR, never the server's path.
      expect(status.detail).not.toContain(broken);
    });

    it('should say the neural voices narrate when the files verify', async () => {
      expect(await rendererHealthChecks(readRenderWorkersConfig({ VOICE_PROVIDER: 'kokoro' })).narration()).toEqual({ available: true, detail: 'neural voices (Kokoro-82M v1.0, offline)' });
    });

    it('should say espeak-ng narrates when the neural voice is not chosen (the default: it is opt-in)', async () => {
      expect(await rendererHealthChecks(readRenderWorkersConfig({})).narration()).toEqual({ available: true, detail: 'espeak-ng' });
    });
  });
});

/** RMS of 20 ms frames. */
function envelope(samples: Float32Array): number[] {
  const frame = Math.round(KOKORO_SAMPLE_RATE * 0.02);
  const out: number[] = [];
  for (let i = 0; i + frame <= samples.length; i += frame) {
    let sum = 0;
    for (let j = i; j < i + frame; j++) sum += samples[j] * samples[j];
    out.push(Math.sqrt(sum / frame));
  }
  return out;
}

function correlation(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  const mean = (x: number[]) => x.slice(0, n).reduce((s, v) => s + v, 0) / n;
  const [ma, mb] = [mean(a), mean(b)];
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}
