import { COLLECTIONS } from '@app/domain';
import { aPostRequested, aSeriesCreated, AT } from '../testing/events';
import { projectionSpec } from '../testing/projection-spec';
import { RECENT_SLOTS, seriesViewProjection } from './series-view';

const spec = projectionSpec(seriesViewProjection);
const C = COLLECTIONS.seriesView;
const claimed = (slot: string, missedSlots = 0) => ({ type: 'SeriesSlotClaimed', data: { seriesId: 's1', userId: 'u1', slot, missedSlots, at: AT } });
const videoFor = (slot: string, videoId = 'v1') => ({ type: 'SeriesVideoRequested', data: { seriesId: 's1', userId: 'u1', slot, videoId, at: AT } });
const SLOT = '2026-11-02T17:00:00.000Z';

describe('The series read model (the Series home)', () => {
  describe('When a series is created', () => {
    it('should hold its settings and schedule, active, with no slot yet', async () => {
      const { data } = aSeriesCreated();
      await spec.given([]).when(aSeriesCreated()).then(C, 's1', {
        _id: 's1', userId: 'u1', name: 'Owl facts', status: 'active', settings: data.settings, platforms: data.platforms, schedule: data.schedule,
        createdAt: AT, updatedAt: AT, lastSlot: null, recentSlots: [],
      });
    });
  });

  describe('Given a series', () => {
    it('should pause and resume it', async () => {
      await spec.given([aSeriesCreated()]).when({ type: 'SeriesPaused', data: { seriesId: 's1', at: AT } }).then(C, 's1', expect.objectContaining({ status: 'paused' }));
      await spec.given([aSeriesCreated(), { type: 'SeriesPaused', data: { seriesId: 's1', at: AT } }]).when({ type: 'SeriesResumed', data: { seriesId: 's1', at: AT } }).then(C, 's1', expect.objectContaining({ status: 'active' }));
    });
    it('should record a claimed slot, then its video', async () => {
      await spec.given([aSeriesCreated(), claimed(SLOT, 2)]).when(videoFor(SLOT)).then(C, 's1', expect.objectContaining({
        lastSlot: SLOT, recentSlots: [{ slot: SLOT, videoId: 'v1', skippedReason: null, missedSlots: 2, posts: [] }],
      }));
    });
    it('should record a skipped slot with its reason', async () => {
      const skipped = { type: 'SeriesSlotSkipped', data: { seriesId: 's1', userId: 'u1', slot: SLOT, reason: 'No linked account: connect YouTube to post', missedSlots: 0, at: AT } };
      await spec.given([aSeriesCreated()]).when(skipped).then(C, 's1', expect.objectContaining({ recentSlots: [expect.objectContaining({ slot: SLOT, skippedReason: 'No linked account: connect YouTube to post' })] }));
    });
    it('should follow each post of a slot video to published, with its link', async () => {
      const published = { type: 'PostPublished', data: { postId: 'p1', userId: 'u1', videoId: 'v1', platform: 'youtube', seriesId: 's1', url: 'https://youtu.be/x', remoteId: 'x', status: 'public', at: AT } };
      await spec.given([aSeriesCreated(), claimed(SLOT), videoFor(SLOT), aPostRequested()]).when(published).then(C, 's1', expect.objectContaining({
        recentSlots: [expect.objectContaining({ posts: [{ platform: 'youtube', status: 'published', url: 'https://youtu.be/x', error: null, at: AT }] })],
      }));
    });
    it('should keep only the latest slots, newest first', async () => {
      const slots = Array.from({ length: RECENT_SLOTS + 2 }, (_, i) => claimed(`2026-11-${String(i + 1).padStart(2, '0')}T17:00:00.000Z`));
      const last = claimed('2026-11-20T17:00:00.000Z');
      await spec.given([aSeriesCreated(), ...slots]).when(last).then(C, 's1', expect.objectContaining({ lastSlot: last.data.slot, recentSlots: expect.arrayContaining([expect.objectContaining({ slot: last.data.slot })]) }));
    });
    it('should be gone once deleted, and change nothing on a replay', async () => {
      await spec.given([aSeriesCreated()]).when({ type: 'SeriesDeleted', data: { seriesId: 's1', userId: 'u1', at: AT } }).then(C, 's1', null);
      await spec.given([aSeriesCreated(), claimed(SLOT)]).when(videoFor(SLOT)).thenReplayChangesNothing(C, 's1');
    });
  });

  describe('When a creator posts a video of no series by hand', () => {
    it('should touch no series', async () => {
      await spec.given([aSeriesCreated()]).when(aPostRequested({ seriesId: null, source: 'manual' })).then(C, 's1', expect.objectContaining({ recentSlots: [] }));
    });
  });
});
