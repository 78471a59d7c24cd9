import { isSpoken } from '../../../shared/words';

/**
 * Word timings for a model that gives audio only: the script is synthesised sentence by sentence,
 * so every sentence's bounds are exact (measured on its own audio); inside a sentence, the pauses
 * the voice makes at commas are found in the audio and anchor the clauses, and each clause's words
 * share its speech in proportion to their phonemes.
 */

export interface PlannedWord {
  /** The written token (punctuation kept, as captions show it). */
  text: string;
  /** Whether a clause ends after it (comma, semicolon, colon, dash): the voice may pause there. */
  clauseEnd: boolean;
}

export interface PlannedSentence {
  line: number;
  /** The text spoken, as pieces between punctuation marks, each with the marks that follow it. */
  segments: Array<{ text: string; punctuation: string }>;
  words: PlannedWord[];
}

const SENTENCE_END = /[.!?…。]["'”’»)\]]*$/u;
const CLAUSE_END = /[,;:—–]["'”’»)\]]*$|^[—–]$/u;
/**
 * Longest sentence sent to the model in one piece, in characters (its input is at most 510
 * phonemes): past the first length a sentence is cut after a clause, past the second after any word.
 */
const MAX_SENTENCE_CHARS = 280;
const HARD_MAX_SENTENCE_CHARS = 380;

/** Splits narration lines into sentences (long ones at their clauses) and each sentence into words and segments. */
export function planSentences(lines: readonly string[]): PlannedSentence[] {
  const sentences: PlannedSentence[] = [];
  lines.forEach((line, lineIndex) => {
    let current: string[] = [];
    const flush = () => {
      if (current.some(isSpoken)) sentences.push(sentenceOf(lineIndex, current));
      current = [];
    };
    for (const token of line.split(/\s+/).filter((t) => t.length > 0)) {
      current.push(token);
      const length = current.join(' ').length;
      if (SENTENCE_END.test(token) || (length > MAX_SENTENCE_CHARS && CLAUSE_END.test(token)) || length > HARD_MAX_SENTENCE_CHARS) flush();
    }
    flush();
  });
  return sentences;
}

function sentenceOf(line: number, tokens: string[]): PlannedSentence {
  const text = tokens.join(' ');
  const segments: PlannedSentence['segments'] = [];
  // Punctuation Kokoro reads as prosody; the rest (¿, ¡, quotes around words) is only text.
  for (const match of text.matchAll(/([^,;:.!?…—–]+)([,;:.!?…—–\s]*)/gu)) {
    const piece = match[1].trim();
    const punctuation = match[2].replace(/\s+/g, '').replace(/–/g, '—');
    if (/[\p{L}\p{N}]/u.test(piece)) segments.push({ text: piece, punctuation });
    else if (segments.length > 0) segments[segments.length - 1].punctuation += punctuation;
  }
  const words = tokens.filter(isSpoken).map((token) => ({ text: token, clauseEnd: CLAUSE_END.test(token) }));
  return { line, segments, words };
}

/** A word's letters and digits only: what the phonemizer is given for its weight. */
export function bareWord(token: string): string {
  return token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

export interface SpeechSpan {
  /** Seconds from the start of the clip. */
  start: number;
  end: number;
  /** Silences inside the speech long enough to be a pause between clauses, in order. */
  pauses: Array<{ start: number; end: number }>;
}

const FRAME_SECONDS = 0.01;
/** Frames quieter than this, relative to the loudest, are silence. */
const SILENCE_DB = -38;
/**
 * Frames this loud are voiced speech. Some voices breathe out after a sentence, for most of a
 * second, above the silence level: the speech ends at most a final consonant's fade after the
 * last voiced frame, and starts at most a breath in's length before the first.
 */
const VOICED_DB = -22;
/** Voiced speech holds its level for this many frames in a row (a breath's single loud frames do not). */
const VOICED_RUN = 3;
const FADE_OUT_SECONDS = 0.2;
const FADE_IN_SECONDS = 0.1;
/** Shortest silence counted as a pause (shorter ones are stop consonants). */
const MIN_PAUSE_SECONDS = 0.12;

/** Where speech starts and ends in a clip, and its pauses, from the level of 10 ms frames. */
export function speechSpan(samples: Float32Array, sampleRate: number): SpeechSpan {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const frames = Math.ceil(samples.length / frame);
  const levels = new Float64Array(frames);
  let loudest = 0;
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    const end = Math.min(samples.length, (f + 1) * frame);
    for (let i = f * frame; i < end; i++) sum += samples[i] * samples[i];
    levels[f] = Math.sqrt(sum / Math.max(1, end - f * frame));
    loudest = Math.max(loudest, levels[f]);
  }
  const threshold = Math.max(loudest * 10 ** (SILENCE_DB / 20), 1e-4);
  const voiced = loudest * 10 ** (VOICED_DB / 20);
  let first = 0;
  while (first < frames && levels[first] < threshold) first++;
  let last = frames - 1;
  while (last > first && levels[last] < threshold) last--;
  if (first >= frames) return { start: 0, end: samples.length / sampleRate, pauses: [] };
  const voicedRun = (from: number) => levels.subarray(from, from + VOICED_RUN).every((level) => level >= voiced);
  let firstVoiced = first;
  while (firstVoiced <= last - VOICED_RUN + 1 && !voicedRun(firstVoiced)) firstVoiced++;
  // A clip with no voiced run (a whisper, a click) keeps the bounds its silence gives.
  if (firstVoiced <= last - VOICED_RUN + 1) {
    let lastVoiced = last - VOICED_RUN + 1;
    while (lastVoiced > firstVoiced && !voicedRun(lastVoiced)) lastVoiced--;
    first = Math.max(first, firstVoiced - Math.round(FADE_IN_SECONDS / FRAME_SECONDS));
    last = Math.min(last, lastVoiced + VOICED_RUN - 1 + Math.round(FADE_OUT_SECONDS / FRAME_SECONDS));
  }
  const pauses: SpeechSpan['pauses'] = [];
  let quietFrom = -1;
  for (let f = first; f <= last; f++) {
    if (levels[f] < threshold) {
      if (quietFrom < 0) quietFrom = f;
    } else if (quietFrom >= 0) {
      if ((f - quietFrom) * FRAME_SECONDS >= MIN_PAUSE_SECONDS) pauses.push({ start: quietFrom * FRAME_SECONDS, end: f * FRAME_SECONDS });
      quietFrom = -1;
    }
  }
  return { start: first * FRAME_SECONDS, end: Math.min(samples.length / sampleRate, (last + 1) * FRAME_SECONDS), pauses };
}

/**
 * A voice draws out the last word before a pause (phrase-final lengthening): it weighs this much
 * more than its phonemes say. Chosen against forced alignment of the neural voice (tests/bench
 * narration: word start error mean 95 -> 75 ms) and espeak-ng's own word events (timings.int.spec).
 */
const FINAL_LENGTHENING = 1.4;

/**
 * Places a sentence's words inside its speech span: each clause boundary is anchored to the
 * longest pause near where the phoneme weights expect it (if the voice paused there), and the
 * words of each stretch between anchors share it by weight. Returns [start, end] seconds per word.
 */
export function placeWords(weights: readonly number[], clauseEnds: readonly boolean[], span: SpeechSpan): Array<[number, number]> {
  const n = weights.length;
  if (n === 0) return [];
  const w = weights.map((x, i) => Math.max(x, 1) * (i === n - 1 || clauseEnds[i] ? FINAL_LENGTHENING : 1));
  const total = w.reduce((a, b) => a + b, 0);
  const duration = span.end - span.start;
  // Anchors: after word i, speech resumes at `resume` (the pause's end) and word i ended at `stop`.
  const anchors: Array<{ after: number; stop: number; resume: number }> = [];
  let cumulative = 0;
  let earliest = span.start;
  for (let i = 0; i < n - 1; i++) {
    cumulative += w[i];
    if (!clauseEnds[i]) continue;
    const expected = span.start + (duration * cumulative) / total;
    const window = Math.max(0.3, duration * 0.15);
    const candidates = span.pauses.filter((p) => p.start >= earliest && Math.abs((p.start + p.end) / 2 - expected) <= window);
    if (candidates.length === 0) continue;
    const pause = candidates.reduce((best, p) => (p.end - p.start > best.end - best.start ? p : best));
    anchors.push({ after: i, stop: pause.start, resume: pause.end });
    earliest = pause.end;
  }
  const times: Array<[number, number]> = [];
  let from = 0;
  let stretchStart = span.start;
  for (const anchor of [...anchors, { after: n - 1, stop: span.end, resume: span.end }]) {
    const words = w.slice(from, anchor.after + 1);
    const weight = words.reduce((a, b) => a + b, 0);
    let cursor = stretchStart;
    words.forEach((x) => {
      const length = ((anchor.stop - stretchStart) * x) / weight;
      times.push([cursor, cursor + length]);
      cursor += length;
    });
    from = anchor.after + 1;
    stretchStart = anchor.resume;
  }
  return times;
}
