/**
 * What a creator can change on a video in the studio: the look of the captions and the music.
 * The render workers draw each preset; the web app shows each with its preview image.
 */
export const CAPTION_PRESETS = [
  { id: 'classic', label: 'Classic', description: 'White words; the spoken word grows in your highlight colour' },
  { id: 'boxed', label: 'Boxed karaoke', description: 'The line on a dark box; the spoken word lit' },
  { id: 'pop', label: 'Pop-in', description: 'Words pop in one by one as they are spoken' },
  { id: 'outline', label: 'Outlined white', description: 'Bold white words with a heavy outline in your colour' },
  { id: 'single', label: 'Large single word', description: 'One big word at a time' },
  { id: 'minimal', label: 'Minimal', description: 'Small lower-case words, a soft shadow' },
] as const;
export type CaptionPresetId = (typeof CAPTION_PRESETS)[number]['id'];
export const CAPTION_PRESET_IDS = CAPTION_PRESETS.map((p) => p.id) as [CaptionPresetId, ...CaptionPresetId[]];

/** Where the captions sit, always inside the platforms' safe zones. */
export const CAPTION_POSITIONS = ['top', 'middle', 'bottom'] as const;
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number];
export const CAPTION_SIZES = ['small', 'medium', 'large'] as const;
export type CaptionSize = (typeof CAPTION_SIZES)[number];

export interface CaptionStyle {
  preset: CaptionPresetId;
  position: CaptionPosition;
  size: CaptionSize;
  /** The spoken word's colour, `#RRGGBB`. */
  highlight: string;
}

/** The captions every video had before the studio: yellow active word, low in the frame. */
export const DEFAULT_CAPTION_STYLE: CaptionStyle = { preset: 'classic', position: 'bottom', size: 'medium', highlight: '#FFE500' };

/** 'auto' takes the mood from the video's topic. */
export const MUSIC_MOODS = ['auto', 'calm', 'tense', 'upbeat', 'dreamy', 'epic', 'playful'] as const;
export type MusicMood = (typeof MUSIC_MOODS)[number];

export interface MusicSettings {
  mood: MusicMood;
  /** 0-100 % of the default bed level's scale; 0 = no music at all. */
  volume: number;
  /** Duck the music under the voice. */
  ducking: boolean;
}

/** Volume 30 is the level every video had before the studio (0.3 linear under the voice). */
export const DEFAULT_MUSIC: MusicSettings = { mood: 'auto', volume: 30, ducking: true };

/** The whole voice script's limit (the detail page's counter, 'n / 1600'). */
export const VOICE_SCRIPT_LIMIT = 1600;
export const TITLE_LIMIT = 100;
/** Most scenes a storyboard holds. */
export const MAX_SCENES = 40;
