import type { Command } from '../shared';
import type { Platform } from '../series/events';
import type { PostContent, PostSource } from './events';

export type RequestPost = Command<'RequestPost', {
  postId: string;
  userId: string;
  videoId: string;
  platform: Platform;
  seriesId: string | null;
  source: PostSource;
  content: PostContent;
}>;
export type StartPostAttempt = Command<'StartPostAttempt', { holdMs: number }>;
export type RecordPostPublished = Command<'RecordPostPublished', { attempt: number; url: string; remoteId: string; status: string }>;
/** `retryable` failures are retried with backoff until the attempts run out; others fail the post. */
export type RecordPostFailure = Command<'RecordPostFailure', { attempt: number; reason: string; retryable: boolean; message: string }>;

export type PostCommand = RequestPost | StartPostAttempt | RecordPostPublished | RecordPostFailure;
