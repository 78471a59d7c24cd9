import { COLLECTIONS, evolveBatch, initialBatchState, type BatchEvent, type PresentBatch, type SeriesBatchDoc } from '@app/domain';
import type { DocumentStore, RecordedEvent } from '@app/platform';
import type { Projection } from '../runner/projection';

/**
 * A batch's progress (GET /api/series/:id/batch): the batch decider's own fold of its events, so
 * the counts the creator sees are the states the runner decides on, and when it last changed.
 */
export function evolveBatchProgress(doc: SeriesBatchDoc | null, event: BatchEvent): SeriesBatchDoc | null {
  const at = event.data.at;
  if (event.type === 'BatchQueued') {
    if (doc) return doc;
    const state = evolveBatch(initialBatchState(), event) as PresentBatch;
    return { _id: state.batchId, ...state, createdAt: at, updatedAt: at };
  }
  if (!doc) return null;
  const { _id, createdAt, ...rest } = doc;
  const { _position: _ignored, ...state } = rest as typeof rest & { _position?: number };
  const next = evolveBatch({ ...state } as PresentBatch, event) as PresentBatch;
  return { _id, ...next, createdAt, updatedAt: at };
}

export const BATCH_EVENTS = ['BatchQueued', 'BatchItemStarted', 'BatchItemFinished', 'BatchItemSkipped', 'BatchCancelled', 'BatchCompleted'] as const;

export const batchProgressProjection: Projection = {
  name: 'batch-progress',
  handles: BATCH_EVENTS,
  collections: [COLLECTIONS.seriesBatches],
  async apply(event: RecordedEvent, docs: DocumentStore) {
    await docs.collection<SeriesBatchDoc>(COLLECTIONS.seriesBatches, { indexes: [['seriesId'], ['userId']] })
      .apply(String(event.data.batchId), event.position, (current) => evolveBatchProgress(current, { type: event.type, data: event.data } as BatchEvent));
  },
};
