import { z } from 'zod';
import type { BatchItemState, BatchItemStatus, PresentBatch } from './state';

/** An item as the creator sees it: a plan refusal when its turn came counts as over the limit too. */
export const BATCH_ITEM_PROGRESS = ['queued', 'rendering', 'done', 'failed', 'overLimit', 'cancelled'] as const;
export type BatchItemProgress = (typeof BATCH_ITEM_PROGRESS)[number];

const PROGRESS_OF: Record<BatchItemStatus, BatchItemProgress> = {
  queued: 'queued', started: 'rendering', done: 'done', failed: 'failed', overLimit: 'overLimit', skipped: 'overLimit', cancelled: 'cancelled',
};

const position = z.number().int().nonnegative();

export const batchItemAnswer = z.object({
  index: z.number().int().nonnegative(),
  /** The line as the creator wrote it: the custom prompt, or the topic. */
  prompt: z.string(),
  topic: z.string(),
  customPrompt: z.string().nullable(),
  title: z.string().nullable(),
  publishAt: z.string().nullable(),
  status: z.enum(BATCH_ITEM_PROGRESS),
  /** The video made for it, once its turn came. */
  videoId: z.string().nullable(),
  /** Why it failed or was not made. */
  reason: z.string().nullable(),
});
export type BatchItemResponse = z.infer<typeof batchItemAnswer>;

export const batchCountsAnswer = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  rendering: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  overLimit: z.number().int(),
  cancelled: z.number().int(),
});
export type BatchCounts = z.infer<typeof batchCountsAnswer>;

/** A batch's progress (docs/api.md "## Batches"). */
export const batchAnswer = z.object({
  _id: z.string(),
  seriesId: z.string(),
  /** running: items are still queued or being made; cancelled: stopped by the creator (one being made still finishes); done. */
  status: z.enum(['running', 'cancelled', 'done']),
  scheduled: z.boolean(),
  counts: batchCountsAnswer,
  items: z.array(batchItemAnswer),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BatchResponse = z.infer<typeof batchAnswer>;
export const batchListAnswer = z.object({ batches: z.array(batchAnswer) });
export const batchQueuedAnswer = batchAnswer.extend({ batchId: z.string(), position });

/** What a batch read model keeps: the batch's state (the decider's own fold) and when it changed. */
export type BatchView = PresentBatch & { createdAt: string; updatedAt: string };

export function presentBatchItem(item: BatchItemState): BatchItemResponse {
  return {
    index: item.index,
    prompt: item.customPrompt ?? item.topic,
    topic: item.topic,
    customPrompt: item.customPrompt,
    title: item.title,
    publishAt: item.publishAt,
    status: PROGRESS_OF[item.status],
    videoId: item.videoId,
    reason: item.reason ?? (item.status === 'overLimit' ? 'Over your monthly video limit' : null),
  };
}

export function batchCounts(items: readonly BatchItemState[]): BatchCounts {
  const counts: BatchCounts = { total: items.length, queued: 0, rendering: 0, done: 0, failed: 0, overLimit: 0, cancelled: 0 };
  for (const item of items) counts[PROGRESS_OF[item.status]]++;
  return counts;
}

/** The answer of the batch routes, fields listed one by one. */
export function presentBatch(view: BatchView): BatchResponse {
  return {
    _id: view.batchId,
    seriesId: view.seriesId,
    status: view.status === 'completed' && !view.cancelled ? 'done' : view.cancelled ? 'cancelled' : 'running',
    scheduled: view.items.some((item) => item.publishAt !== null),
    counts: batchCounts(view.items),
    items: view.items.map(presentBatchItem),
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
  };
}

/** The batch read model's document (collection `series_batches`): one per batch, `_id` its id. */
export type SeriesBatchDoc = BatchView & { _id: string };
