import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@app/platform';
import { run } from '../../shared/exec';
import { defaultEspeakHelperPath } from '../../shared/paths';
import { isSpoken } from '../../shared/words';
import type { NarrationRequest, NarrationResult, Narrator, WordTiming } from './port';
import { espeakVoiceFor, type EspeakVoice } from './voices';

/** Silence between narration lines, ms. */
const LINE_GAP_MS = 250;

export interface EspeakNarratorOptions {
  /** The espeak-timings helper (infra/scripts/build-native.sh); null forces the per-line fallback. */
  helperPath?: string | null;
  espeakPath?: string;
  logger?: Logger;
}

interface HelperOutput {
  lines: { startMs: number; endMs: number }[];
  words: { line: number; startMs: number; textPos: number; length: number }[];
  ends: { line: number; ms: number }[];
  sampleRate: number;
  durationMs: number;
}

/**
 * Offline narration with espeak-ng. With the espeak-timings helper (the default) the word timings
 * are the synthesiser's own word events; without it each line is synthesised alone and its words
 * are spread over the measured line length in proportion to their characters.
 */
export function createEspeakNarrator(options: EspeakNarratorOptions = {}): Narrator {
  const helper = options.helperPath === undefined ? defaultEspeakHelperPath() : options.helperPath;
  const espeak = options.espeakPath ?? 'espeak-ng';
  if (!helper) options.logger?.warn({ category: 'narration' }, 'espeak-timings helper missing: word timings are estimated per line (run infra/scripts/build-native.sh)');
  return {
    name: helper ? 'espeak-ng' : 'espeak-ng-estimated',
    async narrate(request: NarrationRequest, signal?: AbortSignal): Promise<NarrationResult> {
      await mkdir(request.outDir, { recursive: true });
      const lines = request.lines.map(cleanLine).filter((l) => l.length > 0);
      if (lines.length === 0) throw new Error('Nothing to narrate: the script has no words');
      const voice = espeakVoiceFor(request.voiceId, request.language);
      const audioPath = join(request.outDir, 'narration.wav');
      return helper
        ? narrateWithHelper(helper, voice, lines, audioPath, signal)
        : narrateLineByLine(espeak, voice, lines, audioPath, signal);
    },
  };
}

function cleanLine(line: string): string {
  return line.replace(/[\r\n\t]+/g, ' ').replace(/\s+/g, ' ').trim();
}

async function narrateWithHelper(helper: string, voice: EspeakVoice, lines: string[], audioPath: string, signal?: AbortSignal): Promise<NarrationResult> {
  const args = ['--voice', voice.name, '--rate', String(voice.rate), '--pitch', String(voice.pitch), '--range', String(voice.range), '--gap', String(LINE_GAP_MS), '--out', audioPath];
  const { stdout } = await run(helper, args, { input: lines.join('\n'), signal });
  const output = JSON.parse(stdout) as HelperOutput;
  return { audioPath, durationSeconds: output.durationMs / 1000, words: wordsFromEvents(lines, output) };
}

interface Token {
  text: string;
  start: number;
  end: number;
}

/** Whitespace-separated tokens of a line with code-point offsets (espeak reports code points). */
export function tokenize(line: string): Token[] {
  const chars = Array.from(line);
  const tokens: Token[] = [];
  let i = 0;
  while (i < chars.length) {
    while (i < chars.length && /\s/u.test(chars[i])) i++;
    const start = i;
    while (i < chars.length && !/\s/u.test(chars[i])) i++;
    if (i > start) tokens.push({ text: chars.slice(start, i).join(''), start, end: i });
  }
  return tokens;
}

/**
 * Map espeak word events onto the line's written words: a word keeps its punctuation
 * (`¿verdad?`), several events inside one written word (numbers, hyphens) merge into it, and a
 * word ends at the next word, the end of its clause, or the end of its line.
 */
export function wordsFromEvents(lines: string[], output: Pick<HelperOutput, 'lines' | 'words' | 'ends'>): WordTiming[] {
  const result: WordTiming[] = [];
  lines.forEach((line, lineIndex) => {
    const span = output.lines[lineIndex];
    if (!span) return;
    const tokens = tokenize(line);
    const starts = new Map<number, number>();
    for (const event of output.words.filter((w) => w.line === lineIndex)) {
      const index = tokens.findIndex((t) => event.textPos >= t.start && event.textPos < t.end);
      const tokenIndex = index >= 0 ? index : tokens.findIndex((t) => t.start >= event.textPos);
      if (tokenIndex >= 0 && !starts.has(tokenIndex)) starts.set(tokenIndex, event.startMs);
    }
    const spoken = tokens.map((t, i) => ({ token: t, startMs: starts.get(i) })).filter((t) => isSpoken(t.token.text));
    // Words espeak did not report (rare) take a share of the gap before the next reported word.
    for (let i = 0; i < spoken.length; i++) {
      if (spoken[i].startMs !== undefined) continue;
      const prev = i > 0 ? spoken[i - 1].startMs! : span.startMs;
      const nextKnown = spoken.slice(i + 1).find((s) => s.startMs !== undefined)?.startMs ?? span.endMs;
      spoken[i].startMs = prev + (nextKnown - prev) / 2;
    }
    const clauseEnds = output.ends.filter((e) => e.line === lineIndex).map((e) => e.ms).sort((a, b) => a - b);
    spoken.forEach((word, i) => {
      const start = word.startMs!;
      const next = i + 1 < spoken.length ? spoken[i + 1].startMs! : span.endMs;
      const clauseEnd = clauseEnds.find((ms) => ms > start) ?? span.endMs;
      const end = Math.max(start + 80, Math.min(next, clauseEnd, span.endMs));
      result.push({ word: word.token.text, start: start / 1000, end: end / 1000, line: lineIndex });
    });
  });
  return result;
}

/** Fallback without the helper: one espeak-ng run per line, words spread by character count. */
async function narrateLineByLine(espeak: string, voice: EspeakVoice, lines: string[], audioPath: string, signal?: AbortSignal): Promise<NarrationResult> {
  const chunks: Buffer[] = [];
  const words: WordTiming[] = [];
  let sampleRate = 22050;
  let samples = 0;
  for (let lineIndex = 0; lineIndex < lines.length; lineIndex++) {
    const part = `${audioPath}.line${lineIndex}.wav`;
    await run(espeak, ['-v', voice.name, '-s', String(voice.rate), '-p', String(voice.pitch), '-w', part, '--', lines[lineIndex]], { signal });
    const wav = parseWav(await readFile(part));
    sampleRate = wav.sampleRate;
    if (lineIndex > 0) {
      const gap = Math.round((sampleRate * LINE_GAP_MS) / 1000);
      chunks.push(Buffer.alloc(gap * 2));
      samples += gap;
    }
    const lineStart = samples / sampleRate;
    const lineSeconds = wav.pcm.length / 2 / sampleRate;
    chunks.push(wav.pcm);
    samples += wav.pcm.length / 2;
    const tokens = tokenize(lines[lineIndex]).filter((t) => isSpoken(t.text));
    const weights = tokens.map((t) => t.text.length + 2);
    const total = weights.reduce((a, b) => a + b, 0);
    // espeak leaves ~5% silence around a line; spread words over the middle.
    let cursor = lineStart + lineSeconds * 0.03;
    const usable = lineSeconds * 0.94;
    tokens.forEach((t, i) => {
      const length = (usable * weights[i]) / total;
      words.push({ word: t.text, start: cursor, end: cursor + length, line: lineIndex });
      cursor += length;
    });
  }
  await writeFile(audioPath, wavFile(Buffer.concat(chunks), sampleRate));
  return { audioPath, durationSeconds: samples / sampleRate, words };
}

/** 16-bit mono PCM out of a RIFF/WAVE buffer (espeak-ng's output format). */
function parseWav(buffer: Buffer): { sampleRate: number; pcm: Buffer } {
  let offset = 12;
  let sampleRate = 22050;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    let size = buffer.readUInt32LE(offset + 4);
    if (id === 'fmt ') sampleRate = buffer.readUInt32LE(offset + 12);
    if (id === 'data') {
      if (size === 0 || size === 0xffffffff || offset + 8 + size > buffer.length) size = buffer.length - offset - 8;
      return { sampleRate, pcm: buffer.subarray(offset + 8, offset + 8 + size) };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('Not a WAV file: no data chunk');
}

export function wavFile(pcm: Buffer, sampleRate: number, channels = 1): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2 * channels, 28);
  header.writeUInt16LE(2 * channels, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
