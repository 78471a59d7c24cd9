import type { Command } from '../shared';
import type { BatchItemSpec } from './events';

export type QueueBatch = Command<'QueueBatch', {
  batchId: string;
  seriesId: string;
  userId: string;
  items: BatchItemSpec[];
  /** Videos the plan still allows this month (the caller reads the subscription). */
  creditsLeft: number;
  /**
   * Free posting slots of the series, ascending (ISO instants), when the creator asked for the batch
   * to be scheduled into them; items without a publishAt take them in order. Null: not scheduled.
   */
  slots: string[] | null;
}>;
/** `videoId` is chosen by the caller (derived from the batch and the index, so a retry names the same video). */
export type StartBatchItem = Command<'StartBatchItem', { index: number; videoId: string }>;
export type FinishBatchItem = Command<'FinishBatchItem', { index: number; outcome: 'done' | 'failed'; reason: string | null }>;
export type SkipBatchItem = Command<'SkipBatchItem', { index: number; reason: string }>;
export type CancelBatch = Command<'CancelBatch', { userId: string }>;

export type BatchCommand = QueueBatch | StartBatchItem | FinishBatchItem | SkipBatchItem | CancelBatch;
