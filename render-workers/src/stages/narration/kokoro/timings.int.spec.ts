import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageCode, type Language } from '@app/domain';
import { run } from '../../../shared/exec';
import { defaultEspeakHelperPath } from '../../../shared/paths';
import { ensureNativeHelper, tempDir } from '../../../testing/media';
import { writeOfflineScript } from '../../script/offline-writer';
import { wordsFromEvents } from '../espeak';
import { sentenceInputs } from './inputs';
import type { PhonemeDialect } from './phonemes';
import { placeWords, planSentences, speechSpan } from './timings';

/**
 * How far the neural narrator's word timings (exact sentence bounds, words placed inside by their
 * phonemes and the pauses found in the audio) are from the truth, measured where the truth is
 * known: the same estimate is made from espeak-ng's audio of each sentence and compared with
 * espeak-ng's own word events (the espeak-timings helper) for the same text.
 */
describe('When word timings are estimated from sentence audio and phoneme counts', () => {
  const dir = tempDir('kokoro-timings');
  beforeAll(() => ensureNativeHelper());

  const dialects: Record<string, { espeak: string; dialect: PhonemeDialect }> = { en: { espeak: 'en-us', dialect: 'en-us' }, es: { espeak: 'es', dialect: 'es' }, fr: { espeak: 'fr', dialect: 'fr' } };

  it.each<Language>(['English', 'Spanish', 'French'])('should place %s words close to espeak-ng\'s exact word events', async (language) => {
    const code = languageCode(language);
    const script = writeOfflineScript({ topic: 'Interesting History', language, durationSeconds: 60, minDurationSeconds: 45, style: 'anime', seed: `timings-${code}` });
    const sentences = planSentences(script.narrationScript);
    const texts = sentences.map((s) => s.words.map((w) => w.text).join(' '));
    const wav = join(dir, `${code}.wav`);
    const { stdout } = await run(defaultEspeakHelperPath()!, ['--voice', dialects[code].espeak, '--rate', '155', '--pitch', '50', '--range', '50', '--gap', '300', '--out', wav], { input: texts.join('\n') });
    const output = JSON.parse(stdout) as Parameters<typeof wordsFromEvents>[1] & { sampleRate: number };
    const exact = wordsFromEvents(texts, output);
    const audio = readFileSync(wav);
    const pcm = new Int16Array(audio.buffer, audio.byteOffset + 44, (audio.length - 44) / 2);
    const inputs = await sentenceInputs(sentences, dialects[code].dialect);

    const errors: number[] = [];
    sentences.forEach((sentence, i) => {
      const from = Math.round((output.lines[i].startMs / 1000) * output.sampleRate);
      const to = Math.round((output.lines[i].endMs / 1000) * output.sampleRate);
      const clip = Float32Array.from(pcm.subarray(from, to), (s) => s / 32768);
      const { weights } = inputs[i];
      const estimated = placeWords(weights, sentence.words.map((w) => w.clauseEnd), speechSpan(clip, output.sampleRate));
      const truth = exact.filter((w) => w.line === i);
      expect(truth).toHaveLength(estimated.length);
      truth.forEach((w, j) => errors.push(Math.abs(output.lines[i].startMs / 1000 + estimated[j][0] - w.start) * 1000));
    });

    errors.sort((a, b) => a - b);
    const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
    const p90 = errors[Math.floor(errors.length * 0.9)];
    console.log(`word start error, ${language}: ${errors.length} words in ${sentences.length} sentences, mean ${mean.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms\n`);
    expect(mean).toBeLessThan(120);
    expect(p90).toBeLessThan(250);
  });
});
