/** A token is spoken when it has a letter or a digit (a lone dash or ellipsis is not). */
export function isSpoken(token: string): boolean {
  return /[\p{L}\p{N}]/u.test(token);
}

/** A line's spoken words: its whitespace-separated tokens that are spoken (the words captions time). */
export function splitWords(line: string): string[] {
  return line.split(/\s+/).filter(isSpoken);
}

/** Seconds rounded to the millisecond (word timings). */
export function roundToMs(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
