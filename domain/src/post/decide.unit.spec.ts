import { ConflictError } from '../shared';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import { postDecider, postBackoffMs, POST_MAX_ATTEMPTS } from './decide';
import type { PostEvent, PostRequested } from './events';

const spec = deciderSpec(postDecider);
const content = { title: 'T', description: 'D', tags: [], privacy: 'public' as const, allowDuet: true, allowStitch: true, hashtags: [], caption: 'T\n\nD' };
const request = { postId: 'p1', userId: 'u1', videoId: 'v1', platform: 'youtube' as const, seriesId: null, source: 'autopilot' as const, content };
const requested: PostRequested = { type: 'PostRequested', data: { ...request, at: NOW } };
const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
const started = (attempt: number): PostEvent => ({ type: 'PostAttemptStarted', data: { postId: 'p1', attempt, until: later(600_000), at: NOW } });
const ids = { userId: 'u1', videoId: 'v1', platform: 'youtube' as const, seriesId: null };

describe('Post decider', () => {
  it('should request a post once; a published post is never posted again', () => {
    spec.given([]).when({ type: 'RequestPost', data: request, metadata: meta() }).then([requested]);
    spec.given([requested]).when({ type: 'RequestPost', data: request, metadata: meta() }).thenNothingHappens();
    const published: PostEvent = { type: 'PostPublished', data: { postId: 'p1', ...ids, url: 'u', remoteId: 'r', status: 'COMPLETED', at: NOW } };
    spec.given([requested, started(1), published]).when({ type: 'RequestPost', data: request, metadata: meta() }).thenNothingHappens();
  });
  it('should let a failed post be requested again (the Upload Video button)', () => {
    const failed: PostEvent = { type: 'PostFailed', data: { postId: 'p1', ...ids, message: 'm', reason: 'r', at: NOW } };
    spec.given([requested, started(1), failed]).when({ type: 'RequestPost', data: request, metadata: meta() }).then([requested]);
  });
  it('should hold an attempt so two workers never upload at once', () => {
    spec.given([requested]).when({ type: 'StartPostAttempt', data: { holdMs: 600_000 }, metadata: meta() }).then([started(1)]);
    spec.given([requested, started(1)]).when({ type: 'StartPostAttempt', data: { holdMs: 600_000 }, metadata: meta() }).thenThrows(ConflictError);
  });
  it('should let an attempt whose process has exited be taken over, and only that one', () => {
    const heldBy = (holder: string): PostEvent => ({ type: 'PostAttemptStarted', data: { postId: 'p1', attempt: 1, until: later(600_000), at: NOW, holder } });
    const takeOver = (takeOverFrom: string) => ({ type: 'StartPostAttempt' as const, data: { holdMs: 600_000, holder: 'host:2:b', takeOverFrom }, metadata: meta() });
    spec.given([requested, heldBy('host:1:a')]).when(takeOver('host:1:a'))
      .then([{ type: 'PostAttemptStarted', data: { postId: 'p1', attempt: 2, until: later(600_000), at: NOW, holder: 'host:2:b' } }]);
    // A hold by another process (the caller's view was stale), or one that never named its process, still holds.
    spec.given([requested, heldBy('host:3:c')]).when(takeOver('host:1:a')).thenThrows(ConflictError);
    spec.given([requested, started(1)]).when(takeOver('host:1:a')).thenThrows(ConflictError);
  });
  it('should retry transient failures with exponential backoff, then fail with the spec message', () => {
    spec.given([requested, started(1)])
      .when({ type: 'RecordPostFailure', data: { attempt: 1, reason: 'quota', retryable: true, message: 'Failed to upload video to YouTube' }, metadata: meta() })
      .then([{ type: 'PostAttemptFailed', data: { postId: 'p1', attempt: 1, reason: 'quota', retryAt: later(60_000), at: NOW } }]);
    expect([1, 2, 3, 4].map(postBackoffMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    spec.given([requested, started(POST_MAX_ATTEMPTS)])
      .when({ type: 'RecordPostFailure', data: { attempt: POST_MAX_ATTEMPTS, reason: 'quota', retryable: true, message: 'Failed to upload video to YouTube' }, metadata: meta() })
      .then([{ type: 'PostFailed', data: { postId: 'p1', ...ids, message: 'Failed to upload video to YouTube', reason: 'quota', at: NOW } }]);
    spec.given([requested, started(1)])
      .when({ type: 'RecordPostFailure', data: { attempt: 1, reason: 'Invalid Credentials', retryable: false, message: 'Failed to upload video to YouTube' }, metadata: meta() })
      .then([{ type: 'PostFailed', data: { postId: 'p1', ...ids, message: 'Failed to upload video to YouTube', reason: 'Invalid Credentials', at: NOW } }]);
  });
});
