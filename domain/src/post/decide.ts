import { ConflictError, NotFoundError, assertNever, type Decider } from '../shared';
import type { PostCommand } from './commands';
import type { PostEvent } from './events';
import type { Platform } from '../series/events';
import { evolvePost, initialPostState, type PostState } from './state';

export const POST_MAX_ATTEMPTS = 5;
export const POST_MESSAGES = {
  notFound: 'Post not found',
  inProgress: 'This video is already being posted',
} as const;

/** Exponential backoff between attempts: 1, 2, 4, 8 … minutes, at most an hour. */
export function postBackoffMs(attempt: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempt - 1));
}

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

export function decidePost(command: PostCommand, state: PostState): PostEvent[] {
  const at = command.metadata.now;
  if (command.type === 'RequestPost') {
    // Published stays published (never post a video twice); pending/publishing is already queued.
    if (state.status === 'published' || state.status === 'pending' || state.status === 'publishing') return [];
    // New, or failed before: a person may try again.
    return [{ type: 'PostRequested', data: { ...command.data, at } }];
  }
  if (state.status === 'none') throw new NotFoundError(POST_MESSAGES.notFound);
  const { postId } = state;
  const ids = { userId: state.userId, videoId: state.videoId, platform: state.platform, seriesId: state.seriesId };
  switch (command.type) {
    case 'StartPostAttempt': {
      const { holdMs, holder, takeOverFrom } = command.data;
      const held = state.status === 'publishing' && state.until !== null && Date.parse(state.until) > Date.parse(at);
      // A running attempt holds the post, unless the caller knows its process has exited.
      if (held && !(takeOverFrom && takeOverFrom === state.holder)) throw new ConflictError(POST_MESSAGES.inProgress);
      if (state.status !== 'pending' && state.status !== 'publishing') return [];
      return [{ type: 'PostAttemptStarted', data: { postId, attempt: state.attempts + 1, until: plus(at, holdMs), at, ...(holder ? { holder } : {}) } }];
    }
    case 'RecordPostPublished':
      if (state.status === 'published' || state.status === 'failed') return [];
      return [{ type: 'PostPublished', data: { postId, ...ids, url: command.data.url, remoteId: command.data.remoteId, status: command.data.status, at } }];
    case 'RecordPostFailure': {
      if (state.status === 'published' || state.status === 'failed') return [];
      const { attempt, reason, retryable, message } = command.data;
      if (retryable && attempt < POST_MAX_ATTEMPTS) {
        return [{ type: 'PostAttemptFailed', data: { postId, attempt, reason, retryAt: plus(at, postBackoffMs(attempt)), at } }];
      }
      return [{ type: 'PostFailed', data: { postId, ...ids, message, reason, at } }];
    }
    default:
      return assertNever(command);
  }
}

export const postDecider: Decider<PostCommand, PostEvent, PostState> = {
  decide: decidePost,
  evolve: evolvePost,
  initialState: initialPostState,
};

export const PLATFORM_LABELS = { youtube: 'YouTube', tiktok: 'TikTok', instagram: 'Instagram' } as const;

/** The platforms a creator can link and post to. */
export const PLATFORMS: readonly Platform[] = ['youtube', 'tiktok', 'instagram'];

export const isPlatform = (value: unknown): value is Platform => PLATFORMS.includes(value as Platform);

/** A platform named in a path (`/api/auth/:platform/…`), or 404 'Unknown platform'. */
export function platformOf(value: unknown): Platform {
  if (!isPlatform(value)) throw new NotFoundError('Unknown platform');
  return value;
}

/** Spec section 8: 'Failed to upload video to <platform>'. */
export const uploadFailedMessage = (platform: keyof typeof PLATFORM_LABELS) => `Failed to upload video to ${PLATFORM_LABELS[platform]}`;
/** Spec section 8: the TikTok server error the web turns into 'Upload Did Not Finish in Time'. */
export const TIKTOK_TIMEOUT_MESSAGE = 'Upload did not finish in time.';
