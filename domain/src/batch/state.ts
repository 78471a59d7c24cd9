import { assertNever } from '../shared';
import type { BatchEvent, BatchItemSpec } from './events';

/** queued → started → done | failed; or overLimit (not made), skipped (refused when its turn came), cancelled. */
export type BatchItemStatus = 'queued' | 'started' | 'done' | 'failed' | 'overLimit' | 'skipped' | 'cancelled';

export interface BatchItemState extends BatchItemSpec {
  index: number;
  status: BatchItemStatus;
  videoId: string | null;
  reason: string | null;
}

export type BatchState =
  | { status: 'none' }
  | {
      /** open: items are still queued or being made; completed: nothing is left to make. */
      status: 'open' | 'completed';
      batchId: string;
      seriesId: string;
      userId: string;
      cancelled: boolean;
      items: BatchItemState[];
      queuedAt: string;
    };

export type PresentBatch = Exclude<BatchState, { status: 'none' }>;

export const initialBatchState = (): BatchState => ({ status: 'none' });

const withItem = (state: PresentBatch, index: number, change: Partial<BatchItemState>): PresentBatch => ({
  ...state,
  items: state.items.map((item) => (item.index === index ? { ...item, ...change } : item)),
});

export function evolveBatch(state: BatchState, event: BatchEvent): BatchState {
  if (event.type === 'BatchQueued') {
    const d = event.data;
    return {
      status: 'open', batchId: d.batchId, seriesId: d.seriesId, userId: d.userId, cancelled: false, queuedAt: d.at,
      items: d.items.map(({ overLimit, ...spec }, index) => ({ ...spec, index, status: overLimit ? 'overLimit' : 'queued', videoId: null, reason: null })),
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'BatchItemStarted':
      return withItem(state, event.data.index, { status: 'started', videoId: event.data.videoId });
    case 'BatchItemFinished':
      return withItem(state, event.data.index, { status: event.data.outcome, reason: event.data.reason });
    case 'BatchItemSkipped':
      return withItem(state, event.data.index, { status: 'skipped', reason: event.data.reason });
    case 'BatchCancelled': {
      const cancelled = new Set(event.data.cancelled);
      return { ...state, cancelled: true, items: state.items.map((item) => (cancelled.has(item.index) ? { ...item, status: 'cancelled' } : item)) };
    }
    case 'BatchCompleted':
      return { ...state, status: 'completed' };
    default:
      return assertNever(event);
  }
}

/** The item being made (started, not finished), if any: at most one. */
export const currentItem = (state: PresentBatch): BatchItemState | undefined => state.items.find((item) => item.status === 'started');

/** The next item to make, in order. */
export const nextQueuedItem = (state: PresentBatch): BatchItemState | undefined => state.items.find((item) => item.status === 'queued');
