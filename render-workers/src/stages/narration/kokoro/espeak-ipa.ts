import { run } from '../../../shared/exec';
import { ESPEAK_VOICE, toKokoroPhonemes, type PhonemeDialect } from './phonemes';

/**
 * Phonemizes many short texts with one espeak-ng run: each text is a paragraph of its own (a blank
 * line between), and espeak-ng prints a blank line between paragraphs, one line per clause. If the
 * paragraphs printed do not match the texts one to one, each text is phonemized alone.
 */
export async function phonemizeAll(texts: readonly string[], dialect: PhonemeDialect, options: { espeak?: string; signal?: AbortSignal } = {}): Promise<string[]> {
  if (texts.length === 0) return [];
  const espeak = options.espeak ?? 'espeak-ng';
  const args = ['-q', '--ipa', '--tie=^', '-v', ESPEAK_VOICE[dialect]];
  const clean = texts.map((t) => t.replace(/\s+/g, ' ').trim() || '.');
  const { stdout } = await run(espeak, args, { input: `${clean.join('\n\n')}\n`, signal: options.signal });
  let paragraphs = stdout.split(/\n[ \t]*\n/).map((p) => p.trim());
  while (paragraphs.length > 0 && paragraphs[paragraphs.length - 1] === '') paragraphs.pop();
  if (paragraphs.length !== clean.length) {
    paragraphs = [];
    for (const text of clean) paragraphs.push((await run(espeak, args, { input: `${text}\n`, signal: options.signal })).stdout.trim());
  }
  return paragraphs.map((p) => toKokoroPhonemes(p.split('\n').join(' '), dialect));
}
