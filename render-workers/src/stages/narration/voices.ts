import { findVoice, type Language, languageCode } from '@app/domain';

/** How one catalogue voice sounds offline: an espeak-ng voice+variant, pitch and speed. */
export interface EspeakVoice {
  /** e.g. `en-us+m3`: a language voice plus a variant. */
  name: string;
  /** espeak-ng words per minute. */
  rate: number;
  /** 0-99, 50 is the default. */
  pitch: number;
  /** Pitch range (intonation), 0-99. */
  range: number;
}

interface Persona {
  variant: string;
  pitch: number;
  rate: number;
  range: number;
}

/** One persona per catalogue voice, by gender and character; accent picks the language variety. */
const PERSONAS: Record<string, Persona> = {
  nPczCjzI2devNBz1zQrb: { variant: 'm3', pitch: 32, rate: 150, range: 45 }, // Brian: deep narrator
  JBFqnCBsd6RMkjVDRZzb: { variant: 'm1', pitch: 42, rate: 150, range: 60 }, // George: British storyteller
  TX3LPaxmHKxFdv7VOQHJ: { variant: 'm2', pitch: 58, rate: 165, range: 70 }, // Liam: young, energetic
  XrExE9yKIg1WjnnlVkGX: { variant: 'f2', pitch: 62, rate: 160, range: 70 }, // Matilda: upbeat
  pFZP5JQG7iQjIQuC4Bku: { variant: 'f3', pitch: 55, rate: 152, range: 55 }, // Lily: velvety British
  pqHfZKP75CvOlQylNhV4: { variant: 'm7', pitch: 38, rate: 148, range: 40 }, // Bill: documentary
  CwhRBWXzGAHq8TQ4Fs17: { variant: 'm4', pitch: 45, rate: 158, range: 50 }, // Roger: laid-back
  EXAVITQu4vr4xnSDxMaL: { variant: 'f1', pitch: 52, rate: 150, range: 45 }, // Sarah: soft news
  FGY2WhTYpPnrIDTdsKH5: { variant: 'f4', pitch: 68, rate: 168, range: 80 }, // Laura: quirky
  bIHbv24MWmeRgasZH58o: { variant: 'm5', pitch: 50, rate: 155, range: 60 }, // Will: relaxed
  SAz9YHcvj6GT2YYXdXww: { variant: 'f5', pitch: 46, rate: 155, range: 35 }, // River: calm, neutral
  '9BWtsMINqrJLrRacOk9x': { variant: 'f3', pitch: 40, rate: 156, range: 65 }, // Aria: husky
};

const DEFAULT_PERSONA: Persona = { variant: 'm3', pitch: 45, rate: 155, range: 50 };

/** The espeak-ng voice for a catalogue voice speaking a language. */
export function espeakVoiceFor(voiceId: string, language: Language): EspeakVoice {
  const voice = findVoice(voiceId);
  const persona = PERSONAS[voiceId] ?? DEFAULT_PERSONA;
  const code = languageCode(language);
  let base: string;
  if (code === 'en') {
    base = voice?.accent === 'british' ? 'en-gb-x-rp' : voice?.accent === 'australian' ? 'en-gb-x-gbclan' : 'en-us';
  } else if (code === 'es') {
    base = voice?.accent === 'american' ? 'es-419' : 'es';
  } else {
    base = 'fr';
  }
  return { name: `${base}+${persona.variant}`, rate: persona.rate, pitch: persona.pitch, range: persona.range };
}
