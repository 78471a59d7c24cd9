import { COLLECTIONS, presentBatch, type SeriesBatchDoc } from '@app/domain';
import { projectionSpec } from '../testing/projection-spec';
import { batchProgressProjection } from './batch-progress';

const spec = projectionSpec(batchProgressProjection);
const C = COLLECTIONS.seriesBatches;
const T0 = '2026-11-01T10:00:00.000Z';
const T1 = '2026-11-01T10:05:00.000Z';
const item = (prompt: string, overLimit = false) => ({ topic: 'Custom Topic', customPrompt: prompt, title: null, publishAt: null, overLimit });
const queued = { type: 'BatchQueued', data: { batchId: 'b1', seriesId: 's1', userId: 'u1', items: [item('Owls'), item('Bats'), item('Moles', true)], creditsLeft: 2, scheduled: false, at: T0 } };
const started = (index: number) => ({ type: 'BatchItemStarted', data: { batchId: 'b1', userId: 'u1', index, videoId: `v${index}`, at: T1 } });
const finished = (index: number, outcome = 'done', reason: string | null = null) => ({ type: 'BatchItemFinished', data: { batchId: 'b1', userId: 'u1', index, videoId: `v${index}`, outcome, reason, at: T1 } });

describe('The batch progress read model', () => {
  it('should hold a queued batch with its items in order and the ones over the limit', async () => {
    await spec.given([]).when(queued).then(C, 'b1', expect.objectContaining({ seriesId: 's1', userId: 'u1', status: 'open', createdAt: T0 }));
  });

  it('should count queued, rendering, done, failed and over the limit as the items move', async () => {
    const check = spec.given([queued, started(0), finished(0, 'failed', 'No voice')]).when(started(1));
    await check.then(C, 'b1', expect.objectContaining({ updatedAt: T1 }));
    const doc: SeriesBatchDoc = { _id: 'b1', batchId: 'b1', seriesId: 's1', userId: 'u1', status: 'open', cancelled: false, queuedAt: T0, createdAt: T0, updatedAt: T1,
      items: [
        { index: 0, topic: 'Custom Topic', customPrompt: 'Owls', title: null, publishAt: null, status: 'failed', videoId: 'v0', reason: 'No voice' },
        { index: 1, topic: 'Custom Topic', customPrompt: 'Bats', title: null, publishAt: null, status: 'started', videoId: 'v1', reason: null },
        { index: 2, topic: 'Custom Topic', customPrompt: 'Moles', title: null, publishAt: null, status: 'overLimit', videoId: null, reason: null },
      ] };
    await check.then(C, 'b1', expect.objectContaining({ items: doc.items }));
    expect(presentBatch(doc)).toMatchObject({
      status: 'running',
      counts: { total: 3, queued: 0, rendering: 1, done: 0, failed: 1, overLimit: 1, cancelled: 0 },
      items: [
        { index: 0, prompt: 'Owls', status: 'failed', videoId: 'v0', reason: 'No voice' },
        { index: 1, prompt: 'Bats', status: 'rendering', videoId: 'v1' },
        { index: 2, prompt: 'Moles', status: 'overLimit', videoId: null, reason: 'Over your monthly video limit' },
      ],
    });
  });

  it('should show a cancelled batch with the cancelled items, and a completed one as done', async () => {
    const cancelled = { type: 'BatchCancelled', data: { batchId: 'b1', userId: 'u1', cancelled: [1], at: T1 } };
    await spec.given([queued, started(0)]).when(cancelled).then(C, 'b1', expect.objectContaining({ cancelled: true, items: expect.arrayContaining([expect.objectContaining({ index: 1, status: 'cancelled' })]) }));
    const completed = { type: 'BatchCompleted', data: { batchId: 'b1', userId: 'u1', seriesId: 's1', at: T1 } };
    await spec.given([queued, started(0), finished(0), started(1), finished(1)]).when(completed).then(C, 'b1', expect.objectContaining({ status: 'completed', cancelled: false }));
  });
});
