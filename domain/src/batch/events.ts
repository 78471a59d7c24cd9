import type { Event } from '../shared';

/**
 * A batch: a list of topics or custom prompts turned into videos of one series, made one at a time
 * (the plan's one-video-processing rule) and counted against the plan's monthly limit once each.
 * One stream per batch (`batch-<batchId>`); the batch runner drives it (command-api/src/batch).
 */

/** What one item of a batch asks for. */
export interface BatchItemSpec {
  /** A catalogue topic, or 'Custom Topic' with `customPrompt`. */
  topic: string;
  customPrompt: string | null;
  /** The creator's own title (a CSV's `title`): the title of its posts. */
  title: string | null;
  /** When its video is posted to the series' platforms (ISO instant), or null: not posted by the batch. */
  publishAt: string | null;
}

export type BatchQueued = Event<'BatchQueued', {
  batchId: string;
  seriesId: string;
  userId: string;
  /** In the order they are made; `overLimit` items are past the plan's monthly limit and are not made. */
  items: Array<BatchItemSpec & { overLimit: boolean }>;
  /** Videos the plan still allowed this month when the batch was queued. */
  creditsLeft: number;
  /** Whether items without a publishAt were given the series' next posting slots. */
  scheduled: boolean;
  at: string;
}>;
/** The item's turn came: its video id is taken (the video is requested right after, once the slot is free). */
export type BatchItemStarted = Event<'BatchItemStarted', { batchId: string; userId: string; index: number; videoId: string; at: string }>;
export type BatchItemFinished = Event<'BatchItemFinished', {
  batchId: string;
  userId: string;
  index: number;
  videoId: string;
  outcome: 'done' | 'failed';
  /** Why it failed, for a person to read. */
  reason: string | null;
  at: string;
}>;
/** The plan refused the item's video when its turn came (the monthly limit was reached meanwhile). */
export type BatchItemSkipped = Event<'BatchItemSkipped', { batchId: string; userId: string; index: number; reason: string; at: string }>;
/** The creator stopped the batch: `cancelled` items (still queued) will not be made; one being made finishes. */
export type BatchCancelled = Event<'BatchCancelled', { batchId: string; userId: string; cancelled: number[]; at: string }>;
/** Nothing is left to make. */
export type BatchCompleted = Event<'BatchCompleted', { batchId: string; userId: string; seriesId: string; at: string }>;

export type BatchEvent = BatchQueued | BatchItemStarted | BatchItemFinished | BatchItemSkipped | BatchCancelled | BatchCompleted;
