/** Aspect ratios, languages and duration ranges of the Series form (spec sections 3 and 9). */
export const ASPECT_RATIOS = [
  { id: '9:16', label: 'Vertical (9:16)', width: 1080, height: 1920 },
  { id: '16:9', label: 'Horizontal (16:9)', width: 1920, height: 1080 },
  { id: '1:1', label: 'Square (1:1)', width: 1080, height: 1080 },
] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number]['id'];
export const ASPECT_RATIO_IDS = ASPECT_RATIOS.map((a) => a.id) as [AspectRatio, ...AspectRatio[]];
export const DEFAULT_ASPECT_RATIO: AspectRatio = '9:16';

export function frameSize(aspectRatio: AspectRatio): { width: number; height: number } {
  const found = ASPECT_RATIOS.find((a) => a.id === aspectRatio)!;
  return { width: found.width, height: found.height };
}

/** 'Vertical' if the ratio is 9:16, otherwise 'Horizontal' (spec section 2, cards). */
export function orientationOf(aspectRatio: string): 'Vertical' | 'Horizontal' {
  return aspectRatio === '9:16' ? 'Vertical' : 'Horizontal';
}

export const LANGUAGES = [
  { id: 'English', code: 'en', label: 'English' },
  { id: 'Spanish', code: 'es', label: 'Spanish' },
  { id: 'French', code: 'fr', label: 'French' },
] as const;
export type Language = (typeof LANGUAGES)[number]['id'];
export const LANGUAGE_IDS = LANGUAGES.map((l) => l.id) as [Language, ...Language[]];

export function languageCode(language: Language): 'en' | 'es' | 'fr' {
  return LANGUAGES.find((l) => l.id === language)!.code;
}

/** Duration ranges in seconds; the form holds the range, the API receives its upper number. */
export const DURATIONS = [
  { id: '15-30', label: '15 to 30 seconds', min: 15, max: 30 },
  { id: '30-45', label: '30 to 45 seconds', min: 30, max: 45 },
  { id: '45-60', label: '45 to 60 seconds', min: 45, max: 60 },
  { id: '60-90', label: '60 to 90 seconds', min: 60, max: 90 },
] as const;
export type DurationRange = (typeof DURATIONS)[number]['id'];
export const DEFAULT_DURATION: DurationRange = '45-60';
export const DURATION_MAXIMA = DURATIONS.map((d) => d.max);

/** '45-60' -> 60: the number after the dash (spec section 7). */
export function durationSeconds(range: string): number {
  return Number.parseInt(range.split('-').pop() ?? '', 10);
}

/** The range whose upper bound is `max` seconds. */
export function durationRangeFor(max: number) {
  return DURATIONS.find((d) => d.max === max);
}
