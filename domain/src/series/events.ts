import type { Event } from '../shared';
import type { AspectRatio, CaptionStyle, Language, MusicSettings } from '../catalog';

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
  /** The look of the series' captions and its music (absent: the defaults). */
  captions?: CaptionStyle;
  music?: MusicSettings;
}

export interface SeriesSchedule {
  /** IANA time zone of the creator, e.g. 'Europe/Paris'. */
  timeZone: string;
  /** Local posting times 'HH:MM'. */
  times: string[];
  /** Days of the week (0 = Sunday) on which to post. */
  days: number[];
}

/** What a series is: the CreateSeries command's data, SeriesCreated's with its time, and the state's core. */
export interface SeriesDefinition {
  seriesId: string;
  userId: string;
  name: string;
  settings: SeriesSettings;
  platforms: Platform[];
  schedule: SeriesSchedule;
}

export type SeriesCreated = Event<'SeriesCreated', SeriesDefinition & { at: string }>;
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

/**
 * Autopilot slots (see schedule.ts). A slot is the instant a post is due; each slot is claimed at
 * most once (never two videos for one slot), then gets its video or is skipped with a reason.
 */
export type SeriesSlotClaimed = Event<'SeriesSlotClaimed', { seriesId: string; userId: string; slot: string; missedSlots: number; at: string }>;
export type SeriesVideoRequested = Event<'SeriesVideoRequested', { seriesId: string; userId: string; slot: string; videoId: string; at: string }>;
export type SeriesSlotSkipped = Event<'SeriesSlotSkipped', { seriesId: string; userId: string; slot: string; reason: string; missedSlots: number; at: string }>;

export type SeriesEvent =
  | SeriesCreated | SeriesUpdated | SeriesPaused | SeriesResumed | SeriesDeleted
  | SeriesSlotClaimed | SeriesVideoRequested | SeriesSlotSkipped;
