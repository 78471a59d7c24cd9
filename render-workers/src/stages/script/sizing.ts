import { splitWords } from '../../shared/words';
import type { Lang } from './library';

/**
 * Speaking rate of the offline narrator, words per second, at espeak-ng rate 155 wpm setting and
 * 250 ms between lines (measured with the espeak-timings helper over the script library).
 */
const SPEECH_WORDS_PER_SECOND: Record<Lang, number> = { en: 2.93, es: 2.72, fr: 3.19 };

export function countWords(text: string): number {
  return splitWords(text).length;
}

/** Estimated narration seconds of these lines in this language. */
export function estimateSpeechSeconds(lines: readonly string[], lang: Lang): number {
  const words = lines.reduce((sum, line) => sum + countWords(line), 0);
  return words / SPEECH_WORDS_PER_SECOND[lang];
}

/** Where the narration should land for a requested range: aim at the middle, never past the top. */
export function speechBudget(minSeconds: number, maxSeconds: number): { floor: number; target: number; cap: number } {
  const cap = Math.max(minSeconds + 2, maxSeconds - 3);
  const floor = Math.min(cap, minSeconds + 1);
  const target = Math.min(cap, (minSeconds + maxSeconds) / 2);
  return { floor, target, cap };
}
