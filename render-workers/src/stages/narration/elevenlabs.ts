import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import { languageCode } from '@app/domain';
import { ProviderError, abortedError, codeForStatus, deadline, describeCode, redactKeys, throwIfAborted, timeoutError } from '../provider-error';
import { sleep } from '../../shared/async';
import { DEFAULT_MEDIA_TOOLS, concatPcmWavs, decodeToPcmWav, probeDuration, type MediaTools } from '../../shared/exec';
import { isSpoken, roundToMs, splitWords } from '../../shared/words';
import type { NarrationRequest, NarrationResult, Narrator, WordTiming } from './port';

export interface ElevenLabsNarratorOptions {
  baseURL?: string;
  apiKey: string;
  /** eleven_multilingual_v2 by default; English-only models are swapped for it in Spanish and French. */
  modelId?: string;
  /** `output_format` query parameter, codec_samplerate_bitrate. */
  outputFormat?: string;
  voiceSettings?: VoiceSettings;
  /** Per HTTP attempt. */
  timeoutMs?: number;
  /** Retries of 429, 5xx, timeouts and network errors. */
  maxRetries?: number;
  /** First backoff delay; doubles each retry (capped at 8 s) unless the answer says Retry-After. */
  retryBaseDelayMs?: number;
  /** Lines are sent together up to this many characters per request. */
  maxCharsPerRequest?: number;
  logger: Logger;
  /** ffmpeg / ffprobe executables (default: from PATH). */
  tools?: MediaTools;
}

export interface VoiceSettings {
  stability: number;
  similarity_boost: number;
  style?: number;
  use_speaker_boost?: boolean;
  speed?: number;
}

const PROVIDER = 'elevenlabs';
const DEFAULT_MODEL = 'eleven_multilingual_v2';
const SAMPLE_RATE = 44100;
const DEFAULT_VOICE_SETTINGS: VoiceSettings = { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true };
/** Models that speak English only. */
const ENGLISH_ONLY = new Set(['eleven_monolingual_v1', 'eleven_turbo_v2', 'eleven_flash_v2', 'eleven_english_sts_v2']);
/** Models that accept `language_code` (others refuse it). */
const TAKES_LANGUAGE_CODE = new Set(['eleven_turbo_v2_5', 'eleven_flash_v2_5']);

const alignmentSchema = z
  .object({
    characters: z.array(z.string()),
    character_start_times_seconds: z.array(z.number()),
    character_end_times_seconds: z.array(z.number()),
  })
  .refine((a) => a.characters.length === a.character_start_times_seconds.length && a.characters.length === a.character_end_times_seconds.length, {
    message: 'alignment arrays differ in length',
  });
export type Alignment = z.infer<typeof alignmentSchema>;

/** The answer of POST /v1/text-to-speech/{voice_id}/with-timestamps. */
const timestampedAudioSchema = z.object({
  audio_base64: z.string().min(1),
  alignment: alignmentSchema.nullable().optional(),
  normalized_alignment: alignmentSchema.nullable().optional(),
});

/** The model for a language: the configured one, unless it cannot speak that language. */
function modelForLanguage(modelId: string, code: 'en' | 'es' | 'fr'): string {
  return code !== 'en' && ENGLISH_ONLY.has(modelId) ? DEFAULT_MODEL : modelId;
}

export function createElevenLabsNarrator(options: ElevenLabsNarratorOptions): Narrator {
  const baseURL = (options.baseURL ?? 'https://api.elevenlabs.io').replace(/\/+$/, '');
  const modelId = options.modelId ?? DEFAULT_MODEL;
  const outputFormat = options.outputFormat ?? 'mp3_44100_128';
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxRetries = options.maxRetries ?? 3;
  const baseDelay = options.retryBaseDelayMs ?? 500;
  const maxChars = options.maxCharsPerRequest ?? 2500;
  const tools = options.tools ?? DEFAULT_MEDIA_TOOLS;
  const log = options.logger.child({ category: 'narrator', provider: PROVIDER });

  async function attempt(url: string, body: unknown, signal?: AbortSignal): Promise<z.infer<typeof timestampedAudioSchema>> {
    const limit = deadline(timeoutMs, signal);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'xi-api-key': options.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: limit.signal,
      });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw abortedError(PROVIDER, error);
      if (limit.timedOut()) throw timeoutError(PROVIDER, timeoutMs, error);
      throw new ProviderError(`${PROVIDER}: ${describeCode('network')}`, { provider: PROVIDER, code: 'network', cause: error });
    }
    if (!response.ok) throw httpError(response, text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ProviderError(`${PROVIDER}: the answer was not JSON`, { provider: PROVIDER, code: 'invalid_output', cause: error });
    }
    const parsed = timestampedAudioSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ProviderError(`${PROVIDER}: unexpected answer shape (${issue.path.join('.')}: ${issue.message})`, { provider: PROVIDER, code: 'invalid_output' });
    }
    return parsed.data;
  }

  async function speak(voiceId: string, body: Record<string, unknown>, signal?: AbortSignal) {
    const url = `${baseURL}/v1/text-to-speech/${encodeURIComponent(voiceId)}/with-timestamps?output_format=${encodeURIComponent(outputFormat)}`;
    for (let retry = 0; ; retry++) {
      try {
        return await attempt(url, body, signal);
      } catch (error) {
        const failure = error as ProviderError;
        if (!failure.retryable || failure.code === 'invalid_output' || retry >= maxRetries) throw failure;
        const wait = retryDelayMs(failure, retry, baseDelay);
        log.warn({ code: failure.code, status: failure.status, retry: retry + 1, waitMs: wait }, 'retrying text-to-speech');
        await sleep(wait, signal).catch((reason: unknown) => {
          throw abortedError(PROVIDER, reason);
        });
      }
    }
  }

  return {
    name: 'elevenlabs',
    async narrate(request: NarrationRequest, signal?: AbortSignal): Promise<NarrationResult> {
      throwIfAborted(PROVIDER, signal);
      const lines = request.lines.map((l) => l.trim()).filter(Boolean);
      if (lines.length === 0) throw new ProviderError(`${PROVIDER}: nothing to narrate`, { provider: PROVIDER, code: 'invalid_request' });
      const code = languageCode(request.language);
      const model = modelForLanguage(modelId, code);
      await mkdir(request.outDir, { recursive: true });
      const started = Date.now();
      const chunks = chunkLines(lines, maxChars);
      const clipPaths: string[] = [];
      const words: WordTiming[] = [];
      let offset = 0;
      try {
        for (const [c, chunk] of chunks.entries()) {
          const text = chunk.lines.join(' ');
          const body: Record<string, unknown> = { text, model_id: model, voice_settings: options.voiceSettings ?? DEFAULT_VOICE_SETTINGS };
          if (TAKES_LANGUAGE_CODE.has(model)) body.language_code = code;
          // Request stitching: neighbouring text keeps the prosody continuous across chunks.
          if (c > 0) body.previous_text = chunks[c - 1].lines.join(' ').slice(-500);
          if (c < chunks.length - 1) body.next_text = chunks[c + 1].lines.join(' ').slice(0, 500);

          const answer = await speak(request.voiceId, body, signal);
          const encodedPath = path.join(request.outDir, `chunk-${c}.${outputFormat.split('_')[0] || 'mp3'}`);
          const pcmPath = path.join(request.outDir, `chunk-${c}.pcm.wav`);
          await writeFile(encodedPath, Buffer.from(answer.audio_base64, 'base64'));
          clipPaths.push(pcmPath);
          try {
            await decodeToPcmWav(tools, encodedPath, pcmPath, SAMPLE_RATE, signal);
          } catch (error) {
            if (signal?.aborted) throw abortedError(PROVIDER, error);
            throw new ProviderError(`${PROVIDER}: the audio could not be decoded`, { provider: PROVIDER, code: 'invalid_output', cause: error });
          } finally {
            await rm(encodedPath, { force: true });
          }
          const duration = await probeDuration(tools, pcmPath, signal);
          const alignment = answer.alignment ?? answer.normalized_alignment;
          const chunkWords = alignment
            ? wordsFromAlignment(alignment, chunk.lines, duration)
            : spreadEvenly(chunk.lines, duration);
          for (const w of chunkWords) {
            words.push({ ...w, start: roundToMs(w.start + offset), end: roundToMs(w.end + offset), line: w.line + chunk.firstLine });
          }
          offset += duration;
        }
        const audioPath = path.join(request.outDir, 'narration.wav');
        await concatPcmWavs(tools, clipPaths, audioPath, signal);
        const durationSeconds = await probeDuration(tools, audioPath, signal);
        log.info({ model, lines: lines.length, requests: chunks.length, durationSeconds, ms: Date.now() - started }, 'narration spoken');
        return { audioPath, durationSeconds, words: monotonic(words, durationSeconds) };
      } finally {
        await Promise.all(clipPaths.map((p) => rm(p, { force: true })));
      }
    },
  };
}

/** Consecutive lines grouped into requests of at most `maxChars` characters (a longer line goes alone). */
function chunkLines(lines: readonly string[], maxChars: number): Array<{ firstLine: number; lines: string[] }> {
  const chunks: Array<{ firstLine: number; lines: string[] }> = [];
  let current: { firstLine: number; lines: string[] } | undefined;
  let length = 0;
  lines.forEach((line, i) => {
    if (current && length + 1 + line.length <= maxChars) {
      current.lines.push(line);
      length += 1 + line.length;
      return;
    }
    current = { firstLine: i, lines: [line] };
    chunks.push(current);
    length = line.length;
  });
  return chunks;
}

/**
 * Word timings from character alignment: a word runs from its first character's start to its last
 * character's end. Words are whitespace-separated tokens with a letter or digit, the same split the
 * captions use, so the n-th aligned word is the n-th script word and its line is known.
 */
export function wordsFromAlignment(alignment: Alignment, lines: readonly string[], durationSeconds: number): WordTiming[] {
  const tokens: Array<{ word: string; start: number; end: number }> = [];
  let current: { word: string; start: number; end: number } | undefined;
  alignment.characters.forEach((ch, i) => {
    if (/^\s*$/.test(ch)) {
      current = undefined;
      return;
    }
    const start = alignment.character_start_times_seconds[i];
    const end = alignment.character_end_times_seconds[i];
    if (!current) {
      current = { word: '', start, end };
      tokens.push(current);
    }
    current.word += ch;
    current.end = Math.max(current.end, end);
  });
  const aligned = tokens.filter((t) => isSpoken(t.word));

  const lineOf: number[] = [];
  const scriptWords: string[] = [];
  lines.forEach((line, l) => splitWords(line).forEach((w) => (lineOf.push(l), scriptWords.push(w))));
  if (aligned.length === 0) return spreadEvenly(lines, durationSeconds);

  return aligned.map((t, k) => {
    // Same count: one-to-one. Otherwise (text normalised differently), place proportionally.
    const index = aligned.length === scriptWords.length ? k : Math.min(scriptWords.length - 1, Math.floor((k * scriptWords.length) / aligned.length));
    return { word: aligned.length === scriptWords.length ? scriptWords[k] : t.word, start: t.start, end: t.end, line: lineOf[index] ?? 0 };
  });
}

/** Fallback when no alignment came back: words spread over the clip by length. */
function spreadEvenly(lines: readonly string[], durationSeconds: number): WordTiming[] {
  const words = lines.flatMap((line, l) => splitWords(line).map((word) => ({ word, line: l, weight: word.length + 1 })));
  const total = words.reduce((a, w) => a + w.weight, 0) || 1;
  let t = 0;
  return words.map((w) => {
    const start = t;
    t += (durationSeconds * w.weight) / total;
    return { word: w.word, start, end: t, line: w.line };
  });
}

/** Starts never go backwards, ends never precede starts, nothing passes the audio's end. */
function monotonic(words: WordTiming[], durationSeconds: number): WordTiming[] {
  let lastStart = 0;
  return words.map((w) => {
    const start = Math.min(durationSeconds, Math.max(lastStart, w.start));
    const end = Math.min(durationSeconds, Math.max(start, w.end));
    lastStart = start;
    return { ...w, start: roundToMs(start), end: roundToMs(end) };
  });
}

function httpError(response: Response, text: string): ProviderError {
  const status = response.status;
  const { detailStatus, message } = parseDetail(text);
  let code = codeForStatus(status);
  if (detailStatus === 'quota_exceeded' || /quota/i.test(detailStatus ?? '')) code = 'quota';
  else if (detailStatus === 'invalid_api_key' || detailStatus === 'missing_api_key') code = 'auth';
  else if (status === 429 || detailStatus === 'too_many_concurrent_requests' || detailStatus === 'system_busy') code = 'rate_limit';
  const retryAfter = Number.parseFloat(response.headers.get('retry-after') ?? '');
  const error = new ProviderError(
    `${PROVIDER}: ${describeCode(code)} (HTTP ${status}${detailStatus ? ` ${detailStatus}` : ''}${message ? `: ${message}` : ''})`,
    { provider: PROVIDER, code, status },
  );
  return Number.isFinite(retryAfter) ? Object.assign(error, { retryAfterMs: retryAfter * 1000 }) : error;
}

/** ElevenLabs errors: `{detail: {status, message}}`, `{detail: "text"}` or 422 `{detail: [{msg}]}`. */
function parseDetail(text: string): { detailStatus?: string; message?: string } {
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    const detail = body.detail;
    if (typeof detail === 'string') return { message: redactKeys(detail).slice(0, 300) };
    if (Array.isArray(detail)) {
      const msg = detail.map((d: { msg?: unknown }) => (typeof d?.msg === 'string' ? d.msg : '')).filter(Boolean).join('; ');
      return { message: redactKeys(msg).slice(0, 300) };
    }
    if (detail && typeof detail === 'object') {
      const d = detail as { status?: unknown; message?: unknown };
      return {
        detailStatus: typeof d.status === 'string' ? d.status : undefined,
        message: typeof d.message === 'string' ? redactKeys(d.message).slice(0, 300) : undefined,
      };
    }
  } catch {
    // not JSON: fall through
  }
  return { message: text ? redactKeys(text).slice(0, 200) : undefined };
}

function retryDelayMs(error: ProviderError & { retryAfterMs?: number }, retry: number, baseDelay: number): number {
  if (error.retryAfterMs !== undefined) return Math.min(30_000, Math.max(0, error.retryAfterMs));
  const exponential = Math.min(8000, baseDelay * 2 ** retry);
  return Math.round(exponential * (0.75 + Math.random() * 0.5));
}
