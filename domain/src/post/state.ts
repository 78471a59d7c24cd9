import { assertNever } from '../shared';
import type { PostEvent, PostRequest } from './events';

export type PostStatus = 'none' | 'pending' | 'publishing' | 'published' | 'failed';

export type PostState =
  | { status: 'none' }
  | (PostRequest & {
      status: Exclude<PostStatus, 'none'>;
      /** Attempts made since the last request. */
      attempts: number;
      /** While publishing: the attempt's hold; while pending: when to try next. */
      until: string | null;
      /** While publishing: the process running the attempt, when it said. */
      holder: string | null;
      url: string | null;
      remoteId: string | null;
      remoteStatus: string | null;
      lastError: string | null;
      /** The user-facing message of a failed post (spec section 8). */
      failureMessage: string | null;
    });

export const initialPostState = (): PostState => ({ status: 'none' });

export function evolvePost(state: PostState, event: PostEvent): PostState {
  if (event.type === 'PostRequested') {
    const d = event.data;
    return {
      status: 'pending', postId: d.postId, userId: d.userId, videoId: d.videoId, platform: d.platform, seriesId: d.seriesId, source: d.source,
      content: d.content, attempts: 0, until: d.at, holder: null, url: null, remoteId: null, remoteStatus: null, lastError: null, failureMessage: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'PostAttemptStarted':
      return { ...state, status: 'publishing', attempts: event.data.attempt, until: event.data.until, holder: event.data.holder ?? null };
    case 'PostAttemptFailed':
      return { ...state, status: 'pending', until: event.data.retryAt, lastError: event.data.reason };
    case 'PostPublished':
      return { ...state, status: 'published', until: null, url: event.data.url, remoteId: event.data.remoteId, remoteStatus: event.data.status, lastError: null };
    case 'PostFailed':
      return { ...state, status: 'failed', until: null, lastError: event.data.reason, failureMessage: event.data.message };
    default:
      return assertNever(event);
  }
}
