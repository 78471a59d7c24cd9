import { VOICES, languageCode, type Language } from '@app/domain';
import { ensureNativeHelper, probe, tempDir } from '../../testing/media';
import { writeOfflineScript } from '../script/offline-writer';
import { createEspeakNarrator } from './espeak';
import { createVoicePreviews } from './voice-preview';

beforeAll(() => ensureNativeHelper());

describe('When espeak-ng narrates with the timings helper', () => {
  const dir = tempDir('espeak');

  it('should give every written word a time, in order, inside the audio', async () => {
    const lines = ['Honey never spoils.', 'Archaeologists found pots of honey that were still good to eat after 3000 years.'];
    const result = await createEspeakNarrator().narrate({ lines, voiceId: VOICES[0].id, language: 'English', outDir: `${dir}/en` });
    expect(result.words.map((w) => w.word)).toEqual(lines.join(' ').split(' '));
    for (let i = 1; i < result.words.length; i++) expect(result.words[i].start).toBeGreaterThanOrEqual(result.words[i - 1].start);
    for (const w of result.words) expect(w.end).toBeGreaterThan(w.start);
    expect(result.words[result.words.length - 1].end).toBeLessThanOrEqual(result.durationSeconds + 0.01);
    expect(result.words[2].line).toBe(0);
    expect(result.words[3].line).toBe(1);
    expect((await probe(result.audioPath)).duration).toBeCloseTo(result.durationSeconds, 1);
  });

  it('should keep Spanish and French words with their accents', async () => {
    const es = await createEspeakNarrator().narrate({ lines: ['¿Sabías que el pingüino no vuela?'], voiceId: VOICES[3].id, language: 'Spanish', outDir: `${dir}/es` });
    expect(es.words.map((w) => w.word)).toEqual(['¿Sabías', 'que', 'el', 'pingüino', 'no', 'vuela?']);
    const fr = await createEspeakNarrator().narrate({ lines: ['Là-haut, l’été dure très longtemps.'], voiceId: VOICES[1].id, language: 'French', outDir: `${dir}/fr` });
    expect(fr.words.map((w) => w.word)).toEqual(['Là-haut,', 'l’été', 'dure', 'très', 'longtemps.']);
  });

  it('should still narrate, with estimated timings, without the helper', async () => {
    const result = await createEspeakNarrator({ helperPath: null }).narrate({ lines: ['One two three.', 'Four five.'], voiceId: VOICES[2].id, language: 'English', outDir: `${dir}/fallback` });
    expect(result.words.map((w) => w.word)).toEqual(['One', 'two', 'three.', 'Four', 'five.']);
    expect(result.durationSeconds).toBeGreaterThan(1);
    expect((await probe(result.audioPath)).duration).toBeCloseTo(result.durationSeconds, 1);
  });

  it.each<[Language, number, number]>([['English', 30, 45], ['Spanish', 15, 30], ['French', 45, 60]])('should speak a %s script for %i-%i s inside that range', async (language, min, max) => {
    const script = writeOfflineScript({ topic: 'Interesting History', language, durationSeconds: max, minDurationSeconds: min, style: 'anime', seed: `size-${languageCode(language)}` });
    const result = await createEspeakNarrator().narrate({ lines: script.narrationScript, voiceId: VOICES[5].id, language, outDir: `${dir}/size-${language}` });
    expect(result.durationSeconds + 1.5).toBeLessThanOrEqual(max);
    expect(result.durationSeconds + 1.5).toBeGreaterThanOrEqual(min * 0.85);
  });

  it('should render and cache a voice preview as MP3', async () => {
    const previews = createVoicePreviews({ narrator: createEspeakNarrator(), cacheDir: `${dir}/previews` });
    const path = await previews.previewPath(VOICES[4].id);
    const media = await probe(path!);
    expect(media.audio?.codec).toBe('mp3');
    expect(path).toMatch(/\.mp3$/);
    expect(await previews.previewPath(VOICES[4].id)).toBe(path);
    expect(await previews.previewPath('unknown')).toBeNull();
  });
});
