import type { Command } from '../shared';
import type { Platform, SeriesDefinition, SeriesSettings } from './events';

export type CreateSeries = Command<'CreateSeries', SeriesDefinition>;
/** Some settings of a series: the fields given replace its own, the others are kept (`customPrompt: null` clears it). */
export type SeriesSettingsChange = Partial<SeriesSettings>;

/** New posting times or days (what is not given is kept), within the posts a week the creator's plan allows. */
export interface SeriesScheduleChange {
  timeZone: string;
  times?: string[];
  days?: number[];
  postsPerWeek: number;
}

/**
 * An edit of a series, merged with the series as it is when decided (not as a request read it), so
 * two edits of different fields made at once both hold.
 */
export type UpdateSeries = Command<'UpdateSeries', {
  userId: string;
  name?: string;
  settings?: SeriesSettingsChange;
  platforms?: Platform[];
  schedule?: SeriesScheduleChange;
}>;
export type PauseSeries = Command<'PauseSeries', { userId: string }>;
export type ResumeSeries = Command<'ResumeSeries', { userId: string }>;
export type DeleteSeries = Command<'DeleteSeries', { userId: string }>;

/** Autopilot (the scheduler): `slot` is an ISO instant from schedule.ts. */
export type ClaimSlot = Command<'ClaimSlot', { slot: string; missedSlots: number }>;
export type RecordSlotVideo = Command<'RecordSlotVideo', { slot: string; videoId: string }>;
export type SkipSlot = Command<'SkipSlot', { slot: string; reason: string; missedSlots: number }>;

export type SeriesCommand = CreateSeries | UpdateSeries | PauseSeries | ResumeSeries | DeleteSeries | ClaimSlot | RecordSlotVideo | SkipSlot;
