import type { Command } from '../shared';
import type { PostRequest } from './events';

export type RequestPost = Command<'RequestPost', PostRequest>;
/** `takeOverFrom`: the holder of a running attempt whose process is known to have exited. */
export type StartPostAttempt = Command<'StartPostAttempt', { holdMs: number; holder?: string; takeOverFrom?: string }>;
export type RecordPostPublished = Command<'RecordPostPublished', { attempt: number; url: string; remoteId: string; status: string }>;
/** `retryable` failures are retried with backoff until the attempts run out; others fail the post. */
export type RecordPostFailure = Command<'RecordPostFailure', { attempt: number; reason: string; retryable: boolean; message: string }>;

export type PostCommand = RequestPost | StartPostAttempt | RecordPostPublished | RecordPostFailure;
