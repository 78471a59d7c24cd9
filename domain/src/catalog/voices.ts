/**
 * The 12 narrator voices (spec section 3). Ids are ElevenLabs' premade voice ids, so the
 * ElevenLabs adapter uses them as they are; offline narration maps each to its own espeak-ng voice.
 * Previews are generated and served by the product itself, so they play offline.
 */
export type VoiceGender = 'male' | 'female' | 'neutral';

export interface Voice {
  id: string;
  name: string;
  description: string;
  gender: VoiceGender;
  accent: 'american' | 'british' | 'australian';
  previewText: string;
  previewUrl: string;
}

const voice = (id: string, name: string, description: string, gender: VoiceGender, accent: Voice['accent']): Voice => ({
  id,
  name,
  description,
  gender,
  accent,
  previewText: `Hi, I'm ${name}. I'll narrate your next faceless video.`,
  previewUrl: `/api/voices/${id}/preview`,
});

export const VOICES: readonly Voice[] = [
  voice('nPczCjzI2devNBz1zQrb', 'Brian', 'Deep, resonant narrator', 'male', 'american'),
  voice('JBFqnCBsd6RMkjVDRZzb', 'George', 'Warm British storyteller', 'male', 'british'),
  voice('TX3LPaxmHKxFdv7VOQHJ', 'Liam', 'Young, energetic articulate voice', 'male', 'american'),
  voice('XrExE9yKIg1WjnnlVkGX', 'Matilda', 'Friendly, upbeat and clear', 'female', 'american'),
  voice('pFZP5JQG7iQjIQuC4Bku', 'Lily', 'Velvety British actress', 'female', 'british'),
  voice('pqHfZKP75CvOlQylNhV4', 'Bill', 'Trustworthy, seasoned documentary voice', 'male', 'american'),
  voice('CwhRBWXzGAHq8TQ4Fs17', 'Roger', 'Laid-back, casual and confident', 'male', 'american'),
  voice('EXAVITQu4vr4xnSDxMaL', 'Sarah', 'Soft, reassuring news voice', 'female', 'american'),
  voice('FGY2WhTYpPnrIDTdsKH5', 'Laura', 'Upbeat, quirky social-media voice', 'female', 'american'),
  voice('bIHbv24MWmeRgasZH58o', 'Will', 'Friendly, relaxed optimist', 'male', 'australian'),
  voice('SAz9YHcvj6GT2YYXdXww', 'River', 'Calm, neutral and informative', 'neutral', 'american'),
  voice('9BWtsMINqrJLrRacOk9x', 'Aria', 'Expressive, husky and engaging', 'female', 'american'),
];

export const VOICE_IDS = VOICES.map((v) => v.id) as [string, ...string[]];

export function findVoice(id: string): Voice | undefined {
  return VOICES.find((v) => v.id === id);
}
