import type { Event } from '../shared';
import type { AspectRatio, Language } from '../catalog';

export type Platform = 'youtube' | 'tiktok' | 'instagram';

export interface SeriesSettings {
  topic: string;
  customPrompt: string | null;
  voiceId: string;
  style: string;
  aspectRatio: AspectRatio;
  language: Language;
  /** Upper bound of the duration range, seconds. */
  duration: number;
}

export interface SeriesSchedule {
  /** IANA time zone of the creator, e.g. 'Europe/Paris'. */
  timeZone: string;
  /** Local posting times 'HH:MM'. */
  times: string[];
  /** Days of the week (0 = Sunday) on which to post. */
  days: number[];
}

export type SeriesCreated = Event<'SeriesCreated', {
  seriesId: string;
  userId: string;
  name: string;
  settings: SeriesSettings;
  platforms: Platform[];
  schedule: SeriesSchedule;
  at: string;
}>;
export type SeriesUpdated = Event<'SeriesUpdated', {
  seriesId: string;
  name?: string;
  settings?: SeriesSettings;
  platforms?: Platform[];
  schedule?: SeriesSchedule;
  at: string;
}>;
export type SeriesPaused = Event<'SeriesPaused', { seriesId: string; at: string }>;
export type SeriesResumed = Event<'SeriesResumed', { seriesId: string; at: string }>;
export type SeriesDeleted = Event<'SeriesDeleted', { seriesId: string; userId: string; at: string }>;

export type SeriesEvent = SeriesCreated | SeriesUpdated | SeriesPaused | SeriesResumed | SeriesDeleted;
