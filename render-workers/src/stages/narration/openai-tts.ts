import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import OpenAI, { toFile } from 'openai';
import type { SpeechCreateParams } from 'openai/resources/audio/speech';
import type { Logger } from 'pino';
import { findVoice, languageCode, type Voice } from '@app/domain';
import { DEFAULT_MEDIA_TOOLS, concatPcmWavs, decodeToPcmWav, probeDuration, type MediaTools } from '../../shared/exec';
import { roundToMs, splitWords } from '../../shared/words';
import { ProviderError, deadline, fromOpenAiError, throwIfAborted } from '../provider-error';
import type { NarrationRequest, NarrationResult, Narrator, WordTiming } from './port';

export interface OpenAiNarratorOptions {
  baseURL?: string;
  apiKey: string;
  /** tts-1, tts-1-hd, gpt-4o-mini-tts, or a local server's model name. */
  model: string;
  /** When set (e.g. whisper-1), exact word timings come from a word-level transcription. */
  transcriptionModel?: string;
  /** Format asked of the speech endpoint; every clip is decoded to PCM before measuring. */
  responseFormat?: 'wav' | 'mp3';
  /** Deadline of one speech or transcription call, SDK retries included. */
  timeoutMs?: number;
  maxRetries?: number;
  logger: Logger;
  /** ffmpeg / ffprobe executables (default: from PATH). */
  tools?: MediaTools;
}

const PROVIDER = 'openai';
/** Sample rate of the narration file this adapter writes (OpenAI TTS speaks at 24 kHz). */
const SAMPLE_RATE = 24000;

/**
 * The 12 catalogue voices onto OpenAI's built-in voices, by gender, accent and character.
 * Only voices every OpenAI TTS model knows (tts-1, tts-1-hd, gpt-4o-mini-tts) are used.
 */
export const OPENAI_VOICE_FOR: Readonly<Record<string, string>> = {
  nPczCjzI2devNBz1zQrb: 'onyx', // Brian: deep, resonant narrator
  JBFqnCBsd6RMkjVDRZzb: 'fable', // George: warm British storyteller
  TX3LPaxmHKxFdv7VOQHJ: 'echo', // Liam: young, energetic
  XrExE9yKIg1WjnnlVkGX: 'nova', // Matilda: friendly, upbeat
  pFZP5JQG7iQjIQuC4Bku: 'shimmer', // Lily: velvety British
  pqHfZKP75CvOlQylNhV4: 'onyx', // Bill: seasoned documentary
  CwhRBWXzGAHq8TQ4Fs17: 'ash', // Roger: laid-back, confident
  EXAVITQu4vr4xnSDxMaL: 'shimmer', // Sarah: soft, reassuring
  FGY2WhTYpPnrIDTdsKH5: 'coral', // Laura: upbeat, quirky
  bIHbv24MWmeRgasZH58o: 'echo', // Will: relaxed optimist
  SAz9YHcvj6GT2YYXdXww: 'alloy', // River: calm, neutral
  '9BWtsMINqrJLrRacOk9x': 'sage', // Aria: expressive
};

function openAiVoiceFor(voiceId: string): string {
  const mapped = OPENAI_VOICE_FOR[voiceId];
  if (mapped) return mapped;
  const voice = findVoice(voiceId);
  if (voice?.gender === 'female') return 'nova';
  if (voice?.gender === 'male') return 'onyx';
  return 'alloy';
}

/** gpt-4o-mini-tts takes `instructions`: use them to keep the catalogue voice's character. */
function speakingInstructions(voice: Voice | undefined): string | undefined {
  if (!voice) return undefined;
  return `Voice: ${voice.description.toLowerCase()}, ${voice.accent} accent when speaking English. Pace: a lively short-video narrator.`;
}

export function createOpenAiNarrator(options: OpenAiNarratorOptions): Narrator {
  const { model, logger } = options;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const client = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, timeout: timeoutMs + 1000, maxRetries: options.maxRetries ?? 2 });
  const log = logger.child({ category: 'narrator', provider: PROVIDER, model });
  const tools = options.tools ?? DEFAULT_MEDIA_TOOLS;
  const format = options.responseFormat ?? 'wav';

  async function speak(text: string, voiceId: string, signal?: AbortSignal): Promise<Buffer> {
    const body: SpeechCreateParams = { model, voice: openAiVoiceFor(voiceId), input: text, response_format: format };
    if (model.startsWith('gpt-4o')) body.instructions = speakingInstructions(findVoice(voiceId));
    const limit = deadline(timeoutMs, signal);
    try {
      const response = await client.audio.speech.create(body, { signal: limit.signal });
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw fromOpenAiError(PROVIDER, error, signal, limit);
    }
  }

  async function transcribeWords(audioPath: string, request: NarrationRequest, signal?: AbortSignal) {
    const file = await toFile(await readFile(audioPath), path.basename(audioPath), { type: 'audio/wav' });
    const limit = deadline(timeoutMs, signal);
    try {
      const answer = await client.audio.transcriptions.create(
        {
          file,
          model: options.transcriptionModel!,
          response_format: 'verbose_json',
          timestamp_granularities: ['word'],
          language: languageCode(request.language),
        },
        { signal: limit.signal },
      );
      return answer.words ?? [];
    } catch (error) {
      throw fromOpenAiError(PROVIDER, error, signal, limit);
    }
  }

  return {
    name: 'openai',
    async narrate(request: NarrationRequest, signal?: AbortSignal): Promise<NarrationResult> {
      throwIfAborted(PROVIDER, signal);
      const lines = request.lines.map((l) => l.trim()).filter(Boolean);
      if (lines.length === 0) {
        throw new ProviderError(`${PROVIDER}: nothing to narrate`, { provider: PROVIDER, code: 'invalid_request' });
      }
      await mkdir(request.outDir, { recursive: true });
      const started = Date.now();
      const clipPaths: string[] = [];
      const durations: number[] = [];
      try {
        for (const [i, line] of lines.entries()) {
          throwIfAborted(PROVIDER, signal);
          const raw = await speak(line, request.voiceId, signal);
          const rawPath = path.join(request.outDir, `line-${i}.${format}`);
          const pcmPath = path.join(request.outDir, `line-${i}.pcm.wav`);
          await writeFile(rawPath, raw);
          await decodeToPcmWav(tools, rawPath, pcmPath, SAMPLE_RATE, signal).catch((error: unknown) => {
            throw mediaError(`line ${i + 1} audio could not be decoded`, error, signal);
          });
          await rm(rawPath, { force: true });
          clipPaths.push(pcmPath);
          durations.push(await probeDuration(tools, pcmPath, signal));
        }
        const audioPath = path.join(request.outDir, 'narration.wav');
        await concatPcmWavs(tools, clipPaths, audioPath, signal);
        const durationSeconds = await probeDuration(tools, audioPath, signal);

        let words = estimateWordTimings(lines, durations);
        let source = 'estimated';
        if (options.transcriptionModel) {
          const heard = await transcribeWords(audioPath, request, signal);
          const aligned = alignTranscribedWords(words, heard, durationSeconds);
          if (aligned) {
            words = aligned;
            source = 'transcribed';
          } else {
            log.warn({ heard: heard.length, expected: words.length }, 'transcription did not match the script; keeping estimated timings');
          }
        }
        log.info({ lines: lines.length, durationSeconds, timings: source, ms: Date.now() - started }, 'narration spoken');
        return { audioPath, durationSeconds, words };
      } finally {
        await Promise.all(clipPaths.map((p) => rm(p, { force: true })));
      }
    },
  };
}

/**
 * Word timings from each line clip's measured duration: the clip's time is shared among its words
 * in proportion to their length (letters plus one for the gap), so long words last longer.
 * The result covers [0, sum of durations] and never goes backwards.
 */
export function estimateWordTimings(lines: readonly string[], durations: readonly number[]): WordTiming[] {
  const words: WordTiming[] = [];
  let offset = 0;
  lines.forEach((line, lineIndex) => {
    const duration = durations[lineIndex] ?? 0;
    const tokens = splitWords(line);
    const weights = tokens.map((w) => w.replace(/[^\p{L}\p{N}]/gu, '').length + 1);
    const total = weights.reduce((a, b) => a + b, 0) || 1;
    let t = offset;
    tokens.forEach((word, i) => {
      const end = i === tokens.length - 1 ? offset + duration : t + (duration * weights[i]) / total;
      words.push({ word, start: roundToMs(t), end: roundToMs(end), line: lineIndex });
      t = end;
    });
    offset += duration;
  });
  return words;
}

interface HeardWord {
  word: string;
  start: number;
  end: number;
}

/**
 * Puts transcription times onto the script's words. Each script word is matched, in order, with the
 * next heard word within a small look-ahead; unmatched words are spread between matched neighbours.
 * Returns undefined when too few words match to trust the transcription.
 */
function alignTranscribedWords(script: readonly WordTiming[], heard: readonly HeardWord[], durationSeconds: number): WordTiming[] | undefined {
  if (script.length === 0 || heard.length === 0) return undefined;
  const norm = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const times: Array<{ start: number; end: number } | undefined> = new Array(script.length);
  let j = 0;
  let matched = 0;
  for (let i = 0; i < script.length && j < heard.length; i++) {
    const target = norm(script[i].word);
    for (let k = j; k < Math.min(heard.length, j + 4); k++) {
      if (norm(heard[k].word) === target) {
        times[i] = { start: heard[k].start, end: heard[k].end };
        j = k + 1;
        matched++;
        break;
      }
    }
  }
  if (matched < script.length * 0.6) return undefined;

  const result: WordTiming[] = [];
  let i = 0;
  let last = 0;
  while (i < script.length) {
    const known = times[i];
    if (known) {
      const start = Math.max(last, known.start);
      const end = Math.min(durationSeconds, Math.max(start, known.end));
      result.push({ ...script[i], start: roundToMs(start), end: roundToMs(end) });
      last = end;
      i++;
      continue;
    }
    // A run of unmatched words: share the gap up to the next matched word (or the end).
    let runEnd = i;
    while (runEnd < script.length && !times[runEnd]) runEnd++;
    const until = runEnd < script.length ? Math.max(last, times[runEnd]!.start) : durationSeconds;
    const step = (until - last) / (runEnd - i);
    for (let k = i; k < runEnd; k++) {
      const start = last + step * (k - i);
      result.push({ ...script[k], start: roundToMs(start), end: roundToMs(start + step) });
    }
    last = until;
    i = runEnd;
  }
  return result;
}


function mediaError(what: string, error: unknown, signal?: AbortSignal): ProviderError {
  if (signal?.aborted) return fromOpenAiError(PROVIDER, error, signal);
  const detail = error instanceof Error ? error.message.split('\n').slice(-2).join(' ').slice(0, 200) : String(error);
  return new ProviderError(`${PROVIDER}: ${what}: ${detail}`, { provider: PROVIDER, code: 'invalid_output', cause: error });
}
