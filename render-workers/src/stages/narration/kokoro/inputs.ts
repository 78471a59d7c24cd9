import { isSpoken } from '../../../shared/words';
import { phonemizeAll } from './espeak-ipa';
import { phonemeWeight as weightOf, type PhonemeDialect } from './phonemes';
import { bareWord, type PlannedSentence } from './timings';

export interface SentenceInput {
  /** The model's input: the sentence's phonemes with its punctuation. */
  phonemes: string;
  /** Each word's share of the sentence's speech. */
  weights: number[];
}

/**
 * Phonemizes sentences (one espeak-ng run for all): each segment between punctuation marks in
 * context, which gives the model its input and, where espeak-ng keeps one phoneme word per written
 * word, each word's weight with its weak or stressed form as said in the sentence. Where it does
 * not (a number read as several words, "of the" said as one), the segment's weight is shared by
 * the words phonemized one by one.
 */
export async function sentenceInputs(sentences: readonly PlannedSentence[], dialect: PhonemeDialect, options: { espeak?: string; signal?: AbortSignal } = {}): Promise<SentenceInput[]> {
  const segments = sentences.flatMap((s) => s.segments.map((seg) => seg.text));
  const words = sentences.flatMap((s) => s.words.map((w) => bareWord(w.text) || w.text));
  const ipa = await phonemizeAll([...segments, ...words], dialect, options);
  let nextSegment = 0;
  let nextWord = segments.length;
  return sentences.map((sentence) => {
    const segmentIpa = sentence.segments.map(() => ipa[nextSegment++]);
    const isolated = sentence.words.map(() => ipa[nextWord++]);
    const phonemes = sentence.segments.map((seg, k) => `${segmentIpa[k]}${seg.punctuation.replace(/[^;:,.!?—…]/g, '')}`).join(' ');
    return { phonemes, weights: wordWeights(sentence, segmentIpa, isolated, (p) => weightOf(p, dialect)) };
  });
}

function wordWeights(sentence: PlannedSentence, segmentIpa: string[], isolated: string[], phonemeWeight: (phonemes: string) => number): number[] {
  const counts = sentence.segments.map((seg) => seg.text.split(/\s+/).filter(isSpoken).length);
  if (counts.reduce((a, b) => a + b, 0) !== sentence.words.length) return isolated.map(phonemeWeight);
  const weights: number[] = [];
  let w = 0;
  sentence.segments.forEach((_, k) => {
    const inContext = segmentIpa[k].split(' ').filter((p) => phonemeWeight(p) > 0);
    const alone = isolated.slice(w, w + counts[k]);
    if (inContext.length === counts[k]) {
      weights.push(...inContext.map(phonemeWeight));
    } else {
      const total = phonemeWeight(segmentIpa[k]);
      const sum = alone.reduce((a, p) => a + phonemeWeight(p), 0) || 1;
      weights.push(...alone.map((p) => (phonemeWeight(p) * total) / sum));
    }
    w += counts[k];
  });
  return weights;
}
