import { ConflictError, NotFoundError, ValidationError, assertNever, type Decider } from '../shared';
import { CUSTOM_TOPIC, isTopic } from '../catalog/topics';
import type { BatchCommand } from './commands';
import type { BatchEvent } from './events';
import { currentItem, evolveBatch, initialBatchState, nextQueuedItem, type BatchState, type PresentBatch } from './state';

/** At most this many topics or prompts in one batch. */
export const BATCH_MAX_ITEMS = 100;

export const BATCH_MESSAGES = {
  empty: 'Please add at least one topic or prompt',
  tooMany: `A batch holds at most ${BATCH_MAX_ITEMS} topics or prompts`,
  exists: 'This batch already exists',
  notFound: 'Batch not found',
  invalidItem: 'Each item needs a topic, or a custom prompt',
  outOfOrder: 'The items of a batch are made in order, one at a time',
  overLimit: 'Over your monthly video limit',
} as const;

export function decideBatch(command: BatchCommand, state: BatchState): BatchEvent[] {
  const at = command.metadata.now;
  if (command.type === 'QueueBatch') {
    if (state.status !== 'none') throw new ConflictError(BATCH_MESSAGES.exists);
    const d = command.data;
    if (d.items.length === 0) throw new ValidationError(BATCH_MESSAGES.empty);
    if (d.items.length > BATCH_MAX_ITEMS) throw new ValidationError(BATCH_MESSAGES.tooMany);
    if (d.items.some((item) => !isTopic(item.topic) || (item.topic === CUSTOM_TOPIC) !== Boolean(item.customPrompt?.trim()))) {
      throw new ValidationError(BATCH_MESSAGES.invalidItem);
    }
    // The first `creditsLeft` items are made; the rest are reported as over the limit, never dropped.
    const slots = [...(d.slots ?? [])];
    const items = d.items.map((item, index) => {
      const overLimit = index >= Math.max(0, d.creditsLeft);
      const publishAt = item.publishAt ?? (!overLimit && d.slots ? (slots.shift() ?? null) : null);
      return { ...item, publishAt, overLimit };
    });
    const queued: BatchEvent = { type: 'BatchQueued', data: { batchId: d.batchId, seriesId: d.seriesId, userId: d.userId, items, creditsLeft: Math.max(0, d.creditsLeft), scheduled: d.slots !== null, at } };
    // Nothing to make (every item over the limit): the batch is over as soon as it is queued.
    if (items.every((item) => item.overLimit)) return [queued, completed(d, at)];
    return [queued];
  }
  if (state.status === 'none') throw new NotFoundError(BATCH_MESSAGES.notFound);
  switch (command.type) {
    case 'StartBatchItem': {
      const item = state.items[command.data.index];
      if (!item) throw new NotFoundError(BATCH_MESSAGES.notFound);
      // Already started (a retry of the runner), finished, cancelled or over the limit: nothing to do.
      if (item.status !== 'queued') return [];
      if (currentItem(state) || nextQueuedItem(state)?.index !== item.index) throw new ConflictError(BATCH_MESSAGES.outOfOrder);
      return [{ type: 'BatchItemStarted', data: { batchId: state.batchId, userId: state.userId, index: item.index, videoId: command.data.videoId, at } }];
    }
    case 'FinishBatchItem': {
      const item = state.items[command.data.index];
      if (!item || item.status !== 'started' || item.videoId === null) return [];
      const { outcome, reason } = command.data;
      const finished: BatchEvent = { type: 'BatchItemFinished', data: { batchId: state.batchId, userId: state.userId, index: item.index, videoId: item.videoId, outcome, reason, at } };
      return withCompletion(state, finished, at);
    }
    case 'SkipBatchItem': {
      const item = state.items[command.data.index];
      if (!item || (item.status !== 'started' && item.status !== 'queued')) return [];
      const skipped: BatchEvent = { type: 'BatchItemSkipped', data: { batchId: state.batchId, userId: state.userId, index: item.index, reason: command.data.reason, at } };
      return withCompletion(state, skipped, at);
    }
    case 'CancelBatch': {
      if (state.userId !== command.data.userId) throw new NotFoundError(BATCH_MESSAGES.notFound);
      const cancelled = state.items.filter((item) => item.status === 'queued').map((item) => item.index);
      if (state.status === 'completed' || cancelled.length === 0) return [];
      return withCompletion(state, { type: 'BatchCancelled', data: { batchId: state.batchId, userId: state.userId, cancelled, at } }, at);
    }
    default:
      return assertNever(command);
  }
}

const completed = (batch: { batchId: string; userId: string; seriesId: string }, at: string): BatchEvent => ({
  type: 'BatchCompleted', data: { batchId: batch.batchId, userId: batch.userId, seriesId: batch.seriesId, at },
});

/** The event, and BatchCompleted when after it nothing is left queued or being made. */
function withCompletion(state: PresentBatch, event: BatchEvent, at: string): BatchEvent[] {
  const after = evolveBatch(state, event) as PresentBatch;
  const open = after.items.some((item) => item.status === 'queued' || item.status === 'started');
  return open || state.status === 'completed' ? [event] : [event, completed(state, at)];
}

export const batchDecider: Decider<BatchCommand, BatchEvent, BatchState> = {
  decide: decideBatch,
  evolve: evolveBatch,
  initialState: initialBatchState,
};
