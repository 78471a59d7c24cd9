import { findVoice, type Language, languageCode } from '@app/domain';
import type { PhonemeDialect } from './phonemes';

/**
 * How each catalogue narrator sounds with the neural model, per language: a blend of Kokoro voice
 * styles (weights summing to 1), the phonemizer's dialect and a speaking speed.
 *
 * English has a Kokoro voice per narrator, chosen by gender, accent and character (Kokoro has no
 * Australian voice: Will speaks with a British one). Spanish has three native voices (ef_dora,
 * em_alex, em_santa) and French one (ff_siwis, female), so in those languages each narrator is the
 * native voice of its gender blended with a share of the narrator's own English voice, at the
 * narrator's own speed: twelve distinguishable narrators, honestly fewer than twelve native speakers.
 * French men blend the only French voice (a woman's) with 70 % of their English voice: measured
 * median pitch 137 Hz for Brian against 207 Hz for ff_siwis alone and 155 Hz at 55 %; the phonemes
 * stay French, but their accent is less native than the women's (35 %).
 */
export interface NeuralVoice {
  dialect: PhonemeDialect;
  mix: ReadonlyArray<readonly [style: string, weight: number]>;
  speed: number;
}

interface Persona {
  english: string;
  speed: number;
  /** Spanish male base voice (the two differ: alex is younger, santa deeper). */
  spanishMale?: 'em_alex' | 'em_santa';
}

const PERSONAS: Record<string, Persona> = {
  nPczCjzI2devNBz1zQrb: { english: 'am_michael', speed: 0.95, spanishMale: 'em_santa' }, // Brian: deep narrator
  JBFqnCBsd6RMkjVDRZzb: { english: 'bm_george', speed: 0.96, spanishMale: 'em_santa' }, // George: British storyteller
  TX3LPaxmHKxFdv7VOQHJ: { english: 'am_puck', speed: 1.08, spanishMale: 'em_alex' }, // Liam: young, energetic
  XrExE9yKIg1WjnnlVkGX: { english: 'af_heart', speed: 1.04 }, // Matilda: upbeat
  pFZP5JQG7iQjIQuC4Bku: { english: 'bf_emma', speed: 0.97 }, // Lily: velvety British
  pqHfZKP75CvOlQylNhV4: { english: 'am_fenrir', speed: 0.93, spanishMale: 'em_santa' }, // Bill: documentary
  CwhRBWXzGAHq8TQ4Fs17: { english: 'am_eric', speed: 1.0, spanishMale: 'em_alex' }, // Roger: laid-back
  EXAVITQu4vr4xnSDxMaL: { english: 'af_sarah', speed: 0.97 }, // Sarah: soft news
  FGY2WhTYpPnrIDTdsKH5: { english: 'af_nova', speed: 1.1 }, // Laura: quirky
  bIHbv24MWmeRgasZH58o: { english: 'bm_fable', speed: 1.02, spanishMale: 'em_alex' }, // Will: relaxed (no Australian voice)
  SAz9YHcvj6GT2YYXdXww: { english: 'af_kore', speed: 0.96 }, // River: calm, neutral
  '9BWtsMINqrJLrRacOk9x': { english: 'af_bella', speed: 1.0 }, // Aria: expressive
};

const DEFAULT_PERSONA: Persona = { english: 'af_heart', speed: 1 };

/** Share of the narrator's English voice in a Spanish or French blend. */
const ACCENT_SHARE = 0.35;
const FRENCH_MALE_SHARE = 0.7;

/** The neural voice of a catalogue narrator speaking a language. */
export function neuralVoiceFor(voiceId: string, language: Language): NeuralVoice {
  const persona = PERSONAS[voiceId] ?? DEFAULT_PERSONA;
  const male = findVoice(voiceId)?.gender === 'male';
  const code = languageCode(language);
  if (code === 'en') {
    return { dialect: persona.english.startsWith('b') ? 'en-gb' : 'en-us', mix: [[persona.english, 1]], speed: persona.speed };
  }
  if (code === 'es') {
    const native = male ? persona.spanishMale ?? 'em_alex' : 'ef_dora';
    return { dialect: 'es', mix: [[native, 1 - ACCENT_SHARE], [persona.english, ACCENT_SHARE]], speed: persona.speed };
  }
  const share = male ? FRENCH_MALE_SHARE : ACCENT_SHARE;
  return { dialect: 'fr', mix: [['ff_siwis', 1 - share], [persona.english, share]], speed: persona.speed };
}

/** Rows per voice style file, and floats per row. */
export const STYLE_ROWS = 510;
export const STYLE_SIZE = 256;

/** The style row a blend uses for an input of `tokenCount` tokens (the model's style depends on the input's length). */
export function blendStyle(styles: ReadonlyMap<string, Float32Array>, mix: NeuralVoice['mix'], tokenCount: number): Float32Array {
  const row = Math.min(Math.max(tokenCount, 0), STYLE_ROWS - 1);
  const out = new Float32Array(STYLE_SIZE);
  for (const [id, weight] of mix) {
    const style = styles.get(id);
    if (!style) throw new Error(`voice style ${id} is not loaded`);
    for (let i = 0; i < STYLE_SIZE; i++) out[i] += weight * style[row * STYLE_SIZE + i];
  }
  return out;
}
