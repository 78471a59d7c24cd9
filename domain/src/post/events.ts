import type { Event } from '../shared';
import type { Platform } from '../series/events';

/** Where a post came from: the Upload Video button, the series autopilot, or a batch's scheduled item. */
export type PostSource = 'manual' | 'autopilot' | 'batch';

/** What is posted with the video (spec section 7 bodies; defaults in section 9). */
export interface PostContent {
  title: string;
  description: string;
  /** YouTube: placeholder tags. */
  tags: string[];
  /** YouTube privacy: public by default. */
  privacy: 'public' | 'unlisted' | 'private';
  /** TikTok. */
  allowDuet: boolean;
  allowStitch: boolean;
  hashtags: string[];
  /** Instagram: title, blank line, description. */
  caption: string;
}

/** One stream per (video, platform): a video is posted to a platform at most once. */
/** What is to be posted where: the RequestPost command's data, PostRequested's, and the state's core. */
export interface PostRequest {
  postId: string;
  userId: string;
  videoId: string;
  platform: Platform;
  seriesId: string | null;
  source: PostSource;
  content: PostContent;
  /** Not before this instant (a batch item's publishAt); absent: as soon as it can. */
  publishAt?: string;
}

export type PostRequested = Event<'PostRequested', PostRequest & { at: string }>;
/** An attempt holds the post until `until`, so two workers never upload the same post at once. */
/**
 * An attempt holds the post until `until`. `holder` names the process running it (host:pid:…), so
 * a hold whose process has exited (killed, crashed) is taken over instead of waited out.
 */
export type PostAttemptStarted = Event<'PostAttemptStarted', { postId: string; attempt: number; until: string; at: string; holder?: string }>;
/** A transient failure: retried at `retryAt` (exponential backoff). */
export type PostAttemptFailed = Event<'PostAttemptFailed', { postId: string; attempt: number; reason: string; retryAt: string; at: string }>;
export type PostPublished = Event<'PostPublished', {
  postId: string;
  userId: string;
  videoId: string;
  platform: Platform;
  seriesId: string | null;
  url: string;
  remoteId: string;
  /** Platform status, e.g. TikTok's COMPLETED. */
  status: string;
  at: string;
}>;
/** Terminal: `message` is the user-facing text (spec section 8), `reason` the platform's detail. */
export type PostFailed = Event<'PostFailed', {
  postId: string;
  userId: string;
  videoId: string;
  platform: Platform;
  seriesId: string | null;
  message: string;
  reason: string;
  at: string;
}>;

export type PostEvent = PostRequested | PostAttemptStarted | PostAttemptFailed | PostPublished | PostFailed;
