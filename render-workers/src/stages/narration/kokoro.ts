import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@app/platform';
import { wavFile } from './espeak';
import { DEFAULT_TTS_MODEL_DIR, MODEL_FILE, STYLE_VOICES, verifyKokoroFiles } from './kokoro/files';
import { sentenceInputs } from './kokoro/inputs';
import { MAX_TOKENS, tokenIds } from './kokoro/phonemes';
import { createSynthesisPool, type SynthesisPool } from './kokoro/pool';
import { placeWords, planSentences, speechSpan } from './kokoro/timings';
import { blendStyle, neuralVoiceFor, STYLE_ROWS, STYLE_SIZE } from './kokoro/voices';
import type { NarrationRequest, NarrationResult, Narrator, WordTiming } from './port';

export const KOKORO_SAMPLE_RATE = 24000;
/** Silence kept around each sentence's speech, and put between sentences and between lines, seconds. */
const LEAD_IN = 0.05;
const TAIL = 0.08;
const SENTENCE_GAP = 0.22;
const LINE_GAP = 0.32;

export interface KokoroNarratorOptions {
  /** TTS_MODEL_DIR: the verified model and voices (default .infra/kokoro). */
  modelDir?: string;
  /** Parallel synthesis sessions (TTS_WORKERS); default the machine's cores. */
  workers?: number;
  /** Threads inside each session (TTS_THREADS); default 1. */
  threads?: number;
  espeakPath?: string;
  logger?: Logger;
}

export interface KokoroNarrator extends Narrator {
  /** Verifies every model and voice file against its pinned sha256 (hashed once per process, again if one changes). */
  verify(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Offline neural narration with Kokoro-82M v1.0 (int8 ONNX, run by onnxruntime-node in worker
 * threads) in English, Spanish and French. Files come only from the model directory and are
 * checked against their pinned sha256 before the first use; a missing or different file rejects
 * with a NeuralModelError naming it and the checksum it must have. Word timings: see timings.ts.
 */
export function createKokoroNarrator(options: KokoroNarratorOptions = {}): KokoroNarrator {
  const dir = options.modelDir ?? DEFAULT_TTS_MODEL_DIR;
  let pool: SynthesisPool | null = null;
  const styles = new Map<string, Float32Array>();

  async function prepare(): Promise<SynthesisPool> {
    await verifyKokoroFiles(dir);
    if (styles.size === 0) {
      for (const id of STYLE_VOICES) {
        const bytes = await readFile(join(dir, 'voices', `${id}.bin`));
        styles.set(id, new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + STYLE_ROWS * STYLE_SIZE * 4)));
      }
    }
    pool ??= createSynthesisPool({ modelPath: join(dir, MODEL_FILE), workers: options.workers, threads: options.threads });
    return pool;
  }

  return {
    name: 'kokoro-82m-v1.0',
    verify: () => verifyKokoroFiles(dir),
    async close() {
      await pool?.close();
      pool = null;
    },
    async narrate(request: NarrationRequest, signal?: AbortSignal): Promise<NarrationResult> {
      const synthesis = await prepare();
      await mkdir(request.outDir, { recursive: true });
      const lines = request.lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => l.length > 0);
      const sentences = planSentences(lines);
      if (sentences.length === 0) throw new Error('Nothing to narrate: the script has no words');
      const voice = neuralVoiceFor(request.voiceId, request.language);
      const inputs = await sentenceInputs(sentences, voice.dialect, { espeak: options.espeakPath, signal });

      const clips = await Promise.all(inputs.map((input) => {
        const tokens = tokenIds(input.phonemes).slice(0, MAX_TOKENS);
        return synthesis.synthesize({ tokens, style: blendStyle(styles, voice.mix, tokens.length), speed: voice.speed }, signal);
      }));

      const chunks: Float32Array[] = [];
      const words: WordTiming[] = [];
      let cursor = 0;
      sentences.forEach((sentence, i) => {
        const clip = clips[i];
        const span = speechSpan(clip, KOKORO_SAMPLE_RATE);
        const from = Math.max(0, span.start - LEAD_IN);
        const to = Math.min(clip.length / KOKORO_SAMPLE_RATE, span.end + TAIL);
        if (i > 0) {
          const gap = sentence.line === sentences[i - 1].line ? SENTENCE_GAP : LINE_GAP;
          chunks.push(new Float32Array(Math.round(gap * KOKORO_SAMPLE_RATE)));
          cursor += Math.round(gap * KOKORO_SAMPLE_RATE) / KOKORO_SAMPLE_RATE;
        }
        const kept = clip.subarray(Math.round(from * KOKORO_SAMPLE_RATE), Math.round(to * KOKORO_SAMPLE_RATE));
        const offset = cursor - Math.round(from * KOKORO_SAMPLE_RATE) / KOKORO_SAMPLE_RATE;
        placeWords(inputs[i].weights, sentence.words.map((w) => w.clauseEnd), span).forEach(([start, end], w) => {
          words.push({ word: sentence.words[w].text, start: round(offset + start), end: round(offset + end), line: sentence.line });
        });
        chunks.push(kept);
        cursor += kept.length / KOKORO_SAMPLE_RATE;
      });

      const audioPath = join(request.outDir, 'narration.wav');
      const samples = chunks.reduce((n, c) => n + c.length, 0);
      await writeFile(audioPath, wavFile(pcm16(chunks, samples), KOKORO_SAMPLE_RATE));
      return { audioPath, durationSeconds: samples / KOKORO_SAMPLE_RATE, words };
    },
  };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Float samples as 16-bit PCM, clipped. */
function pcm16(chunks: Float32Array[], samples: number): Buffer {
  const out = Buffer.alloc(samples * 2);
  let offset = 0;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, chunk[i])) * 32767), offset);
      offset += 2;
    }
  }
  return out;
}
