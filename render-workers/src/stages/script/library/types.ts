/** Offline script library: per-topic story beats written side by side in every language. */
export type Lang = 'en' | 'es' | 'fr';
export type Localized = Record<Lang, string>;

export interface Beat {
  /** English scene description for the illustrator. */
  scene: string;
  /** What the narrator says; `{s}` / `{S}` the subject, `{l}` the video's length as spoken ("a minute", "30 seconds"). */
  text: Localized;
}

export interface TopicLibrary {
  /** The topic label as the API sends it. */
  topic: string;
  /** Background music mood. */
  mood: 'calm' | 'tense' | 'upbeat' | 'dreamy' | 'epic' | 'playful';
  /** Beats in story order; `ordered` libraries keep that order and always end on the last beat. */
  ordered: boolean;
  /** `{T}` / `{t}`: the video's length ("One Minute", "30 Seconds"), opening the title / inside it (`lengthWords`). */
  titles: Record<Lang, string[]>;
  hooks: Beat[];
  beats: Beat[];
  outros: Beat[];
  hashtags: Record<Lang, string[]>;
}

export const b = (scene: string, en: string, es: string, fr: string): Beat => ({ scene, text: { en, es, fr } });
