import { ConflictError, NotFoundError, ValidationError, assertNever, type Decider } from '../shared';
import { isTopic, CUSTOM_TOPIC } from '../catalog';
import type { SeriesCommand } from './commands';
import type { SeriesEvent, SeriesSchedule } from './events';
import { evolveSeries, initialSeriesState, type SeriesState } from './state';

export const SERIES_ERRORS = {
  notFound: 'Series not found',
  exists: 'This series already exists',
  invalidTopic: 'Invalid topic selected',
  customPrompt: 'Please enter your custom topic',
  schedule: 'Please choose at least one posting time and day',
  timeFormat: 'Posting times must be written HH:MM',
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
  if (state.status === 'none' || state.status === 'deleted' || state.userId !== command.data.userId) {
    throw new NotFoundError(SERIES_ERRORS.notFound);
  }
  const seriesId = state.seriesId;
  switch (command.type) {
    case 'UpdateSeries': {
      const { name, settings, platforms, schedule } = command.data;
      if (settings && !isTopic(settings.topic)) throw new ValidationError(SERIES_ERRORS.invalidTopic);
      if (schedule) checkSchedule(schedule);
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

export const seriesDecider: Decider<SeriesCommand, SeriesEvent, SeriesState> = {
  decide: decideSeries,
  evolve: evolveSeries,
  initialState: initialSeriesState,
};
