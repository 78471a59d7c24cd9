import { COLLECTIONS } from '@app/domain';
import { projectionSpec } from '../testing/projection-spec';
import { aRenderFailed, aStageReached, aVideoDeleted, aVideoRendered, aVideoRequested } from '../testing/events';
import { productStatsProjection } from './product-stats';

const spec = projectionSpec(productStatsProjection);
// projectionSpec records every event at this hour.
const HOUR = '2026-11-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse('2026-11-01T10:00:00.000Z') + seconds * 1000).toISOString();
const aUserRegistered = (userId = 'u1') => ({ type: 'UserRegistered', data: { userId, name: 'Ada', email: `${userId}@example.com`, passwordHash: 'h', googleId: null, fpr: null, registeredAt: at(0) } });
const anActivation = (plan = 'STARTER') => ({ type: 'SubscriptionActivated', data: { userId: 'u1', plan, period: 'monthly', currentPeriodEnd: at(99), customerId: null, subscriptionId: null, at: at(1) } });
const hour = (fields: Record<string, unknown>) => expect.objectContaining({ _id: HOUR, day: '2026-11-01', ...fields });

describe('Product stats projection', () => {
  describe('When users sign up and ask for videos', () => {
    it('should count them in the hour they happened and move them along the funnel', async () => {
      await spec.given([aUserRegistered('u1'), aUserRegistered('u2')]).when(aVideoRequested()).then(COLLECTIONS.statsHours, HOUR, hour({ signups: 2, videosRequested: 1 }));
      await spec.given([aUserRegistered('u1')]).when(aVideoRequested()).then(COLLECTIONS.statsUsers, 'u1', { _id: 'u1', firstVideo: true, subscribed: false, active: false, plan: null });
    });
  });

  describe('When a render goes through its stages to done', () => {
    it('should time the whole render and each stage from one status to the next', async () => {
      const stages = [aStageReached('script', { at: at(5) }), aStageReached('audio', { at: at(10) }), aStageReached('images', { at: at(20) }), aStageReached('video', { at: at(30) }), aStageReached('uploading', { at: at(31) })];
      await spec.given([aVideoRequested({ requestedAt: at(0) }), ...stages]).when(aVideoRendered({ at: at(32) }))
        .then(COLLECTIONS.statsHours, HOUR, hour({ videosRequested: 1, videosDone: 1, renderSeconds: [32], stageSeconds: { script: [5], audio: [5], images: [10], render: [10], upload: [2] } }));
      await spec.given([aVideoRequested(), ...stages]).when(aVideoRendered()).then(COLLECTIONS.statsRenders, 'v1', null);
    });
    it('should change nothing when the same event is applied again', async () => {
      await spec.given([aVideoRequested()]).when(aVideoRendered()).thenReplayChangesNothing(COLLECTIONS.statsHours, HOUR);
    });
  });

  describe('When a finished video is rendered again from the studio', () => {
    it('should count it once: the re-render is not another video done or failed', async () => {
      const again = (event: { type: string; data: Record<string, unknown> }) => ({ ...event, data: { ...event.data, version: 2 } });
      await spec.given([aVideoRequested(), aVideoRendered(), again(aStageReached('audio'))]).when(again(aVideoRendered()))
        .then(COLLECTIONS.statsHours, HOUR, hour({ videosRequested: 1, videosDone: 1 }));
      await spec.given([aVideoRequested(), aVideoRendered()]).when(again(aRenderFailed())).then(COLLECTIONS.statsHours, HOUR, hour({ videosDone: 1, videosFailed: 0 }));
    });
  });

  describe('When a render fails', () => {
    it('should count the failure at the stage it was in', async () => {
      await spec.given([aVideoRequested(), aStageReached('script'), aStageReached('audio')]).when(aRenderFailed())
        .then(COLLECTIONS.statsHours, HOUR, hour({ videosFailed: 1, failuresByStage: { images: 1 } }));
    });
  });

  describe('When a video is deleted', () => {
    it('should count the deletion', async () => {
      await spec.given([aVideoRequested()]).when(aVideoDeleted()).then(COLLECTIONS.statsHours, HOUR, hour({ videosDeleted: 1 }));
    });
  });

  describe('When a user subscribes and the subscription ends', () => {
    it('should count the checkout, the subscriber and the plan, then take the subscriber back', async () => {
      await spec.given([aUserRegistered()]).when(anActivation('DAILY')).then(COLLECTIONS.statsHours, HOUR, hour({ checkouts: 1, subscribersDelta: 1 }));
      await spec.given([aUserRegistered()]).when(anActivation('DAILY')).then(COLLECTIONS.statsUsers, 'u1', { _id: 'u1', firstVideo: false, subscribed: true, active: true, plan: 'DAILY' });
      await spec.given([aUserRegistered(), anActivation()]).when({ type: 'SubscriptionEnded', data: { userId: 'u1', at: at(50) } })
        .then(COLLECTIONS.statsHours, HOUR, hour({ checkouts: 1, subscribersDelta: 0 }));
    });
  });

  describe('When posts are published or fail', () => {
    it('should count them by platform', async () => {
      const published = (platform: string) => ({ type: 'PostPublished', data: { postId: `p-${platform}`, userId: 'u1', videoId: 'v1', platform, seriesId: null, url: 'u', remoteId: 'r', status: 'ok', at: at(1) } });
      await spec.given([published('tiktok'), published('youtube')]).when({ type: 'PostFailed', data: { postId: 'p3', userId: 'u1', videoId: 'v1', platform: 'instagram', seriesId: null, message: 'm', reason: 'r', at: at(2) } })
        .then(COLLECTIONS.statsHours, HOUR, hour({ posts: 2, postsFailed: 1, postsByPlatform: { tiktok: 1, youtube: 1 } }));
    });
  });
});
