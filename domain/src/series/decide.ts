import { ConflictError, NotFoundError, ValidationError, assertNever, type Decider } from '../shared';
import { isTopic, CUSTOM_TOPIC } from '../catalog';
import type { ClaimSlot, RecordSlotVideo, SeriesCommand, SeriesScheduleChange, SeriesSettingsChange, SkipSlot } from './commands';
import type { SeriesEvent, SeriesSchedule, SeriesSettings } from './events';
import { SCHEDULE_MESSAGES, slotsPerWeek } from './schedule';
import { evolveSeries, initialSeriesState, type SeriesState } from './state';

export const SERIES_ERRORS = {
  notFound: 'Series not found',
  exists: 'This series already exists',
  invalidTopic: 'Invalid topic selected',
  customPrompt: 'Please enter your custom topic',
  schedule: 'Please choose at least one posting time and day',
  timeFormat: 'Posting times must be written HH:MM',
  notActive: 'This series is paused',
  slotTaken: 'This posting slot was already handled',
} as const;

function checkSchedule(schedule: SeriesSchedule): void {
  if (schedule.times.length === 0 || schedule.days.length === 0) throw new ValidationError(SERIES_ERRORS.schedule);
  if (!schedule.times.every((t) => /^([01]\d|2[0-3]):[0-5]\d$/.test(t))) throw new ValidationError(SERIES_ERRORS.timeFormat);
}

export function decideSeries(command: SeriesCommand, state: SeriesState): SeriesEvent[] {
  const at = command.metadata.now;
  if (command.type === 'CreateSeries') {
    if (state.status !== 'none') throw new ConflictError(SERIES_ERRORS.exists);
    const d = command.data;
    if (!isTopic(d.settings.topic)) throw new ValidationError(SERIES_ERRORS.invalidTopic);
    if (d.settings.topic === CUSTOM_TOPIC && !d.settings.customPrompt?.trim()) throw new ValidationError(SERIES_ERRORS.customPrompt);
    checkSchedule(d.schedule);
    return [{ type: 'SeriesCreated', data: { ...d, at } }];
  }
  if (command.type === 'ClaimSlot' || command.type === 'RecordSlotVideo' || command.type === 'SkipSlot') return decideSlot(command, state);
  if (state.status === 'none' || state.status === 'deleted' || state.userId !== command.data.userId) {
    throw new NotFoundError(SERIES_ERRORS.notFound);
  }
  const seriesId = state.seriesId;
  switch (command.type) {
    case 'UpdateSeries': {
      const { name, platforms } = command.data;
      const settings = command.data.settings && changedSettings(state.settings, command.data.settings);
      if (settings && !isTopic(settings.topic)) throw new ValidationError(SERIES_ERRORS.invalidTopic);
      const schedule = command.data.schedule && changedSchedule(state.schedule, command.data.schedule);
      return [{ type: 'SeriesUpdated', data: { seriesId, name, settings, platforms, schedule, at } }];
    }
    case 'PauseSeries':
      return state.status === 'paused' ? [] : [{ type: 'SeriesPaused', data: { seriesId, at } }];
    case 'ResumeSeries':
      return state.status === 'active' ? [] : [{ type: 'SeriesResumed', data: { seriesId, at } }];
    case 'DeleteSeries':
      return [{ type: 'SeriesDeleted', data: { seriesId, userId: state.userId, at } }];
    default:
      return assertNever(command);
  }
}

/** The series' settings with the given ones in their place; undefined when none is given. */
function changedSettings(current: SeriesSettings, change: SeriesSettingsChange): SeriesSettings | undefined {
  const given = Object.entries(change).filter(([, value]) => value !== undefined);
  return given.length === 0 ? undefined : { ...current, ...Object.fromEntries(given) };
}

/**
 * A schedule with the given times or days in place of `current`'s (deduplicated, in order), checked
 * against the plan's posts a week: an edit's, and a new series' over the plan's default schedule.
 */
export function changedSchedule(current: SeriesSchedule, change: SeriesScheduleChange): SeriesSchedule {
  const times = [...new Set(change.times ?? current.times)].sort();
  const days = [...new Set(change.days ?? current.days)].sort((a, b) => a - b);
  const schedule = { timeZone: change.timeZone, times, days };
  if (slotsPerWeek(schedule) > change.postsPerWeek) throw new ValidationError(SCHEDULE_MESSAGES.tooMany(change.postsPerWeek));
  checkSchedule(schedule);
  return schedule;
}

const after = (a: string, b: string | null) => b === null || Date.parse(a) > Date.parse(b);

/**
 * Autopilot slots. Claiming is idempotent per slot: a slot at or before the last one handled is
 * refused with no event, which is what stops a second scheduler (or a replay) posting twice.
 */
function decideSlot(command: ClaimSlot | RecordSlotVideo | SkipSlot, state: SeriesState): SeriesEvent[] {
  const at = command.metadata.now;
  if (state.status === 'none' || state.status === 'deleted') throw new NotFoundError(SERIES_ERRORS.notFound);
  const { seriesId, userId } = state;
  const { slot } = command.data;
  switch (command.type) {
    case 'ClaimSlot':
      if (state.status !== 'active' || !after(slot, state.lastSlot)) return [];
      return [{ type: 'SeriesSlotClaimed', data: { seriesId, userId, slot, missedSlots: command.data.missedSlots, at } }];
    case 'RecordSlotVideo':
      if (state.lastSlot !== slot || state.lastSlotVideoId !== null) return [];
      return [{ type: 'SeriesVideoRequested', data: { seriesId, userId, slot, videoId: command.data.videoId, at } }];
    case 'SkipSlot': {
      // A new slot skipped outright, or the slot just claimed whose video could not be made.
      const claimedWithoutVideo = state.lastSlot === slot && state.lastSlotVideoId === null;
      if (!after(slot, state.lastSlot) && !claimedWithoutVideo) return [];
      return [{ type: 'SeriesSlotSkipped', data: { seriesId, userId, slot, reason: command.data.reason, missedSlots: command.data.missedSlots, at } }];
    }
    default:
      return assertNever(command);
  }
}

export const seriesDecider: Decider<SeriesCommand, SeriesEvent, SeriesState> = {
  decide: decideSeries,
  evolve: evolveSeries,
  initialState: initialSeriesState,
};
