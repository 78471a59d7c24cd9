import { ConflictError, NotFoundError, ValidationError } from '../shared';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import { seriesDecider, SERIES_ERRORS } from './decide';
import type { SeriesCreated } from './events';

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
  it("should answer not found for another user's or a deleted series", () => {
    spec.given([created]).when({ type: 'PauseSeries', data: { userId: 'u2' }, metadata: meta() }).thenThrows(NotFoundError);
    spec.given([created, { type: 'SeriesDeleted', data: { seriesId: 's1', userId: 'u1', at: NOW } }]).when({ type: 'DeleteSeries', data: { userId: 'u1' }, metadata: meta() }).thenThrows(NotFoundError);
  });
});
