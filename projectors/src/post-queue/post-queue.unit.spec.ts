import { COLLECTIONS } from '@app/domain';
import { aPostRequested, AT } from '../testing/events';
import { projectionSpec } from '../testing/projection-spec';
import { postQueueProjection } from './post-queue';

const spec = projectionSpec(postQueueProjection);
const C = COLLECTIONS.postQueue;
const started = { type: 'PostAttemptStarted', data: { postId: 'p1', attempt: 1, until: '2026-11-01T10:15:00.000Z', at: AT } };
const retry = { type: 'PostAttemptFailed', data: { postId: 'p1', attempt: 1, reason: 'quota', retryAt: '2026-11-01T10:01:00.000Z', at: AT } };

describe('The post queue', () => {
  describe("When the autopilot requests a post", () => {
    it('should queue it, due at once', async () => {
      await spec.given([]).when(aPostRequested()).then(C, 'p1', { _id: 'p1', userId: 'u1', videoId: 'v1', platform: 'youtube', seriesId: 's1', source: 'autopilot', status: 'pending', dueAt: AT, attempts: 0 });
    });
  });

  describe("When a batch item's video is done with a publishAt", () => {
    it('should queue its post, due at that time and not before', async () => {
      await spec.given([]).when(aPostRequested({ source: 'batch', publishAt: '2026-12-01T17:00:00.000Z' })).then(C, 'p1', expect.objectContaining({ source: 'batch', status: 'pending', dueAt: '2026-12-01T17:00:00.000Z' }));
    });
  });

  describe('When a creator posts by hand', () => {
    it('should not queue it (it runs in the request)', async () => {
      await spec.given([]).when(aPostRequested({ source: 'manual' })).then(C, 'p1', null);
    });
  });

  describe('Given a queued post', () => {
    it('should hold it while an attempt runs, due again when the hold runs out', async () => {
      await spec.given([aPostRequested()]).when(started).then(C, 'p1', expect.objectContaining({ status: 'publishing', dueAt: '2026-11-01T10:15:00.000Z', attempts: 1, holder: null }));
    });
    it('should name the process holding it, when the attempt says', async () => {
      const heldBy = { ...started, data: { ...started.data, holder: 'host:42:a1b2c3d4' } };
      await spec.given([aPostRequested()]).when(heldBy).then(C, 'p1', expect.objectContaining({ status: 'publishing', holder: 'host:42:a1b2c3d4' }));
    });
    it('should bring it back at its retry time after a transient failure', async () => {
      await spec.given([aPostRequested(), started]).when(retry).then(C, 'p1', expect.objectContaining({ status: 'pending', dueAt: '2026-11-01T10:01:00.000Z' }));
    });
    it('should drop it once published or failed for good', async () => {
      const published = { type: 'PostPublished', data: { postId: 'p1', userId: 'u1', videoId: 'v1', platform: 'youtube', seriesId: 's1', url: 'u', remoteId: 'r', status: 'public', at: AT } };
      await spec.given([aPostRequested(), started]).when(published).then(C, 'p1', null);
      const failed = { type: 'PostFailed', data: { postId: 'p1', userId: 'u1', videoId: 'v1', platform: 'youtube', seriesId: 's1', message: 'Failed to upload video to YouTube', reason: 'x', at: AT } };
      await spec.given([aPostRequested(), started]).when(failed).then(C, 'p1', null);
    });
  });
});
