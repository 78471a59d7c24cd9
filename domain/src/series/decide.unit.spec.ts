import { ConflictError, NotFoundError, ValidationError } from '../shared';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import { seriesDecider, SERIES_ERRORS } from './decide';
import type { SeriesCreated } from './events';
import { SCHEDULE_MESSAGES } from './schedule';

const spec = deciderSpec(seriesDecider);
const settings = { topic: 'Scary Stories', customPrompt: null, voiceId: 'nPczCjzI2devNBz1zQrb', style: 'scaryred', aspectRatio: '9:16' as const, language: 'English' as const, duration: 60 };
const schedule = { timeZone: 'Europe/Paris', times: ['18:00'], days: [1, 3, 5] };
const create = { seriesId: 's1', userId: 'u1', name: 'Night tales', settings, platforms: ['youtube' as const], schedule };
const created: SeriesCreated = { type: 'SeriesCreated', data: { ...create, at: NOW } };

describe('Series decider', () => {
  it('should create a series', () => {
    spec.given([]).when({ type: 'CreateSeries', data: create, metadata: meta() }).then([created]);
  });
  it('should refuse an unknown topic, a custom topic without text and an empty schedule', () => {
    spec.given([]).when({ type: 'CreateSeries', data: { ...create, settings: { ...settings, topic: 'Nope' } }, metadata: meta() }).thenThrows(ValidationError, SERIES_ERRORS.invalidTopic);
    spec.given([]).when({ type: 'CreateSeries', data: { ...create, settings: { ...settings, topic: 'Custom Topic' } }, metadata: meta() }).thenThrows(ValidationError, SERIES_ERRORS.customPrompt);
    spec.given([]).when({ type: 'CreateSeries', data: { ...create, schedule: { ...schedule, times: [] } }, metadata: meta() }).thenThrows(ValidationError, SERIES_ERRORS.schedule);
    spec.given([]).when({ type: 'CreateSeries', data: { ...create, schedule: { ...schedule, times: ['25:00'] } }, metadata: meta() }).thenThrows(ValidationError, SERIES_ERRORS.timeFormat);
  });
  it('should refuse creating the same series twice', () => {
    spec.given([created]).when({ type: 'CreateSeries', data: create, metadata: meta() }).thenThrows(ConflictError);
  });
  it('should pause and resume, idempotently', () => {
    spec.given([created]).when({ type: 'PauseSeries', data: { userId: 'u1' }, metadata: meta() }).then([{ type: 'SeriesPaused', data: { seriesId: 's1', at: NOW } }]);
    spec.given([created, { type: 'SeriesPaused', data: { seriesId: 's1', at: NOW } }]).when({ type: 'PauseSeries', data: { userId: 'u1' }, metadata: meta() }).thenNothingHappens();
    spec.given([created, { type: 'SeriesPaused', data: { seriesId: 's1', at: NOW } }]).when({ type: 'ResumeSeries', data: { userId: 'u1' }, metadata: meta() }).then([{ type: 'SeriesResumed', data: { seriesId: 's1', at: NOW } }]);
  });
  it('should merge an edit with the series as it stands, so edits of different fields made at once both hold', () => {
    const restyled = { type: 'SeriesUpdated' as const, data: { seriesId: 's1', settings: { ...settings, style: 'anime' }, at: NOW } };
    spec.given([created, restyled]).when({ type: 'UpdateSeries', data: { userId: 'u1', settings: { voiceId: 'v2', captions: undefined } }, metadata: meta() })
      .then([{ type: 'SeriesUpdated', data: { seriesId: 's1', name: undefined, settings: { ...settings, style: 'anime', voiceId: 'v2' }, platforms: undefined, schedule: undefined, at: NOW } }]);
  });
  it('should clear a custom prompt given as null and leave the settings alone when none is given', () => {
    spec.given([created]).when({ type: 'UpdateSeries', data: { userId: 'u1', settings: { customPrompt: null, topic: undefined } }, metadata: meta() })
      .then([{ type: 'SeriesUpdated', data: { seriesId: 's1', name: undefined, settings: { ...settings, customPrompt: null }, platforms: undefined, schedule: undefined, at: NOW } }]);
    spec.given([created]).when({ type: 'UpdateSeries', data: { userId: 'u1', name: 'Owls', settings: { topic: undefined } }, metadata: meta() })
      .then([{ type: 'SeriesUpdated', data: { seriesId: 's1', name: 'Owls', settings: undefined, platforms: undefined, schedule: undefined, at: NOW } }]);
  });
  it('should keep the days when only the times change, within the posts a week of the plan', () => {
    spec.given([created]).when({ type: 'UpdateSeries', data: { userId: 'u1', schedule: { timeZone: 'Europe/Paris', times: ['20:00', '08:00'], postsPerWeek: 7 } }, metadata: meta() })
      .then([{ type: 'SeriesUpdated', data: { seriesId: 's1', name: undefined, settings: undefined, platforms: undefined, schedule: { timeZone: 'Europe/Paris', times: ['08:00', '20:00'], days: [1, 3, 5] }, at: NOW } }]);
    spec.given([created]).when({ type: 'UpdateSeries', data: { userId: 'u1', schedule: { timeZone: 'UTC', times: ['08:00', '20:00'], postsPerWeek: 3 } }, metadata: meta() })
      .thenThrows(ValidationError, SCHEDULE_MESSAGES.tooMany(3));
    spec.given([created]).when({ type: 'UpdateSeries', data: { userId: 'u1', schedule: { timeZone: 'UTC', days: [], postsPerWeek: 3 } }, metadata: meta() })
      .thenThrows(ValidationError, SERIES_ERRORS.schedule);
  });
  it('should refuse an edit to an unknown topic', () => {
    spec.given([created]).when({ type: 'UpdateSeries', data: { userId: 'u1', settings: { topic: 'Nope' } }, metadata: meta() }).thenThrows(ValidationError, SERIES_ERRORS.invalidTopic);
  });
  it("should answer not found for another user's or a deleted series", () => {
    spec.given([created]).when({ type: 'PauseSeries', data: { userId: 'u2' }, metadata: meta() }).thenThrows(NotFoundError);
    spec.given([created, { type: 'SeriesDeleted', data: { seriesId: 's1', userId: 'u1', at: NOW } }]).when({ type: 'DeleteSeries', data: { userId: 'u1' }, metadata: meta() }).thenThrows(NotFoundError);
  });
});
