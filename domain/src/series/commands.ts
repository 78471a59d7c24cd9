import type { Command } from '../shared';
import type { Platform, SeriesDefinition, SeriesSchedule, SeriesSettings } from './events';

export type CreateSeries = Command<'CreateSeries', SeriesDefinition>;
export type UpdateSeries = Command<'UpdateSeries', {
  userId: string;
  name?: string;
  settings?: SeriesSettings;
  platforms?: Platform[];
  schedule?: SeriesSchedule;
}>;
export type PauseSeries = Command<'PauseSeries', { userId: string }>;
export type ResumeSeries = Command<'ResumeSeries', { userId: string }>;
export type DeleteSeries = Command<'DeleteSeries', { userId: string }>;

/** Autopilot (the scheduler): `slot` is an ISO instant from schedule.ts. */
export type ClaimSlot = Command<'ClaimSlot', { slot: string; missedSlots: number }>;
export type RecordSlotVideo = Command<'RecordSlotVideo', { slot: string; videoId: string }>;
export type SkipSlot = Command<'SkipSlot', { slot: string; reason: string; missedSlots: number }>;

export type SeriesCommand = CreateSeries | UpdateSeries | PauseSeries | ResumeSeries | DeleteSeries | ClaimSlot | RecordSlotVideo | SkipSlot;
