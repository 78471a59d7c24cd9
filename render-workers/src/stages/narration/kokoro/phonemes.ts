/**
 * Text to Kokoro's input: espeak-ng's IPA, rewritten into the phoneme alphabet Kokoro v1.0 was
 * trained on (hexgrad's misaki, whose espeak fallback for English and espeak G2P for the other
 * languages do the same rewriting), then mapped to token ids with the model's vocabulary.
 */

/** Kokoro-82M v1.0's phoneme vocabulary (the model's config.json): symbol → token id. */
const VOCAB_SYMBOLS = ';:,.!?—…"()“” \u0303ʣʥʦʨᵝ\uAB67AIOQSTWYᵊabcdefhijklmnopqrstuvwxyzɑɐɒæβɔɕçɖðʤəɚɛɜɟɡɥɨɪʝɯɰŋɳɲɴøɸθœɹɾɻʁɽʂʃʈʧʊʋʌɣɤχʎʒʔˈˌːʰʲ↓→↗↘ᵻ';
const VOCAB_IDS = [
  1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 31, 33, 35, 36, 39, 41, 42, 43, 44, 45, 46, 47, 48, 50, 51, 52,
  53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 75, 76, 77, 78, 80, 81, 82, 83, 85, 86, 87, 90, 92, 99, 101, 102,
  103, 110, 111, 112, 113, 114, 115, 116, 118, 119, 120, 123, 125, 126, 128, 129, 130, 131, 132, 133, 135, 136, 138, 139, 140, 142, 143, 147, 148, 156,
  157, 158, 162, 164, 169, 171, 172, 173, 177,
];
export const VOCAB: ReadonlyMap<string, number> = new Map(Array.from(VOCAB_SYMBOLS).map((symbol, i) => [symbol, VOCAB_IDS[i]]));

/** The longest input the model takes, pads aside (its style table has 510 rows). */
export const MAX_TOKENS = 510;

/** Which espeak-ng voice phonemizes, and which rewriting applies. */
export type PhonemeDialect = 'en-us' | 'en-gb' | 'es' | 'fr';

export const ESPEAK_VOICE: Record<PhonemeDialect, string> = { 'en-us': 'en-us', 'en-gb': 'en-gb', es: 'es', fr: 'fr' };

/** Multi-letter espeak phonemes (tied with `^`) that Kokoro writes as one symbol. */
const TIED: Array<[string, string]> = [
  ['a^ɪ', 'I'], ['a^ʊ', 'W'], ['d^z', 'ʣ'], ['d^ʒ', 'ʤ'], ['e^ɪ', 'A'], ['o^ʊ', 'O'], ['ə^ʊ', 'Q'], ['s^s', 'S'], ['t^s', 'ʦ'], ['t^ʃ', 'ʧ'], ['ɔ^ɪ', 'Y'],
];

/** English: espeak's symbols that misaki's American/British sets write otherwise (longest first). */
const ENGLISH: Array<[string, string]> = [
  ['ʔˌn\u0329', 'ʔn'], ['ʔn\u0329', 'ʔn'], ['a^ɪ', 'I'], ['a^ʊ', 'W'], ['d^ʒ', 'ʤ'], ['e^ɪ', 'A'], ['t^ʃ', 'ʧ'], ['ɔ^ɪ', 'Y'], ['ə^l', 'ᵊl'],
  ['ʲo', 'jo'], ['ʲə', 'jə'], ['ʲ', ''], ['ɚ', 'əɹ'], ['e', 'A'], ['r', 'ɹ'], ['x', 'k'], ['ç', 'k'], ['ɐ', 'ə'], ['ɬ', 'l'], ['\u0303', ''],
];

const replaceAll = (s: string, pairs: Array<[string, string]>) => pairs.reduce((acc, [from, to]) => acc.split(from).join(to), s);

/**
 * One clause of espeak-ng output (`--ipa --tie=^`) in Kokoro's alphabet. Language-switch flags
 * such as `(en)` are dropped (the word stays, said with the other language's sounds).
 */
export function toKokoroPhonemes(ipa: string, dialect: PhonemeDialect): string {
  let ps = ipa.replace(/\([a-z^-]+\)/g, '').replace(/\s+/g, ' ').trim();
  if (dialect === 'en-us' || dialect === 'en-gb') {
    // British diphthongs first (the table below would turn their e into A), then the English pairs, longest first.
    if (dialect === 'en-gb') ps = replaceAll(ps, [['e^ə', 'ɛː']]);
    ps = replaceAll(ps, [...ENGLISH].sort((a, b) => b[0].length - a[0].length));
    ps = ps.replace(/(\S)\u0329/gu, 'ᵊ$1').replace(/\u0329/g, '');
    if (dialect === 'en-gb') {
      ps = replaceAll(ps, [['iə', 'ɪə'], ['ə^ʊ', 'Q']]);
    } else {
      ps = replaceAll(ps, [['o^ʊ', 'O'], ['ɜːɹ', 'ɜɹ'], ['ɜː', 'ɜɹ'], ['ɪə', 'iə'], ['ː', '']]);
    }
    // espeak-ng before 1.52 writes ɔ as o; Kokoro v1.0 has flaps and glottal stops as T and t.
    ps = ps.replace(/o/g, 'ɔ').replace(/ɾ/g, 'T').replace(/ʔ/g, 't');
  } else {
    ps = replaceAll(ps, TIED).replace(/-/g, '');
  }
  return ps.replace(/\^/g, '');
}

/** Token ids of a phoneme string; symbols outside the vocabulary are dropped. */
export function tokenIds(phonemes: string): number[] {
  const ids: number[] = [];
  for (const symbol of phonemes) {
    const id = VOCAB.get(symbol);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

const VOWELS = new Set(Array.from('aeiouyɑɐɒæɔəɚɛɜɪʊʌøœɨɯɤᵻᵊ'));
const DIPHTHONGS = new Set(Array.from('AIOQWY'));

/**
 * How long a word's phonemes take, roughly, in consonant units. In English a vowel counts by its
 * stress (the one after ˈ is longest, after ˌ less, unstressed ones are short: English shortens
 * them, and espeak-ng's own word timings agree best so); in Spanish and French every sound counts
 * one (French marks every word's last vowel stressed). A length mark adds half a unit; stress marks
 * and symbols outside the vocabulary take no time.
 */
export function phonemeWeight(phonemes: string, dialect: PhonemeDialect = 'en-us'): number {
  const stressTimed = dialect === 'en-us' || dialect === 'en-gb';
  let weight = 0;
  let stress: 'primary' | 'secondary' | null = null;
  for (const symbol of phonemes) {
    if (symbol === 'ˈ') stress = 'primary';
    else if (symbol === 'ˌ') stress = 'secondary';
    else if (symbol === ' ') stress = null;
    else if (symbol === 'ː') weight += 0.5;
    else if (VOWELS.has(symbol) || DIPHTHONGS.has(symbol)) {
      weight += stressTimed ? (stress === 'primary' ? 1.7 : stress === 'secondary' ? 1.2 : 0.8) + (DIPHTHONGS.has(symbol) ? 0.3 : 0) : 1;
      stress = null;
    } else if (VOCAB.has(symbol) && !/[;:,.!?—…"()“”\u0303]/u.test(symbol)) weight += 1;
  }
  return weight;
}
