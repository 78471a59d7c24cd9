import { ConflictError, NotFoundError, ValidationError } from '../shared';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import type { QueueBatch } from './commands';
import { batchDecider, BATCH_MESSAGES } from './decide';
import type { BatchEvent, BatchItemSpec, BatchQueued } from './events';

const spec = deciderSpec(batchDecider);
const ids = { batchId: 'b1', seriesId: 's1', userId: 'u1' };

const anItem = (prompt: string, patch: Partial<BatchItemSpec> = {}): BatchItemSpec => ({ topic: 'Custom Topic', customPrompt: prompt, title: null, publishAt: null, ...patch });
const FIVE = ['Owls', 'Bats', 'Moles', 'Foxes', 'Hares'].map((p) => anItem(p));

const queue = (items: BatchItemSpec[], creditsLeft = 40, slots: string[] | null = null): QueueBatch => ({ type: 'QueueBatch', data: { ...ids, items, creditsLeft, slots }, metadata: meta() });
const queued = (items: BatchItemSpec[], creditsLeft = 40, overLimitFrom = items.length, scheduled = false): BatchQueued => ({
  type: 'BatchQueued',
  data: { ...ids, items: items.map((item, i) => ({ ...item, overLimit: i >= overLimitFrom })), creditsLeft, scheduled, at: NOW },
});
const start = (index: number) => ({ type: 'StartBatchItem' as const, data: { index, videoId: `v${index}` }, metadata: meta() });
const started = (index: number): BatchEvent => ({ type: 'BatchItemStarted', data: { batchId: 'b1', userId: 'u1', index, videoId: `v${index}`, at: NOW } });
const finish = (index: number, outcome: 'done' | 'failed' = 'done', reason: string | null = null) => ({ type: 'FinishBatchItem' as const, data: { index, outcome, reason }, metadata: meta() });
const finished = (index: number, outcome: 'done' | 'failed' = 'done', reason: string | null = null): BatchEvent => ({
  type: 'BatchItemFinished', data: { batchId: 'b1', userId: 'u1', index, videoId: `v${index}`, outcome, reason, at: NOW },
});
const completed: BatchEvent = { type: 'BatchCompleted', data: { ...ids, at: NOW } };
const cancel = (userId = 'u1') => ({ type: 'CancelBatch' as const, data: { userId }, metadata: meta() });

describe('Batch decider', () => {
  describe('When a batch is queued', () => {
    it('should record its items in order, each to be made', () => {
      spec.given([]).when(queue(FIVE)).then([queued(FIVE)]);
    });

    it('should report the items past the monthly limit as over the limit, not drop them', () => {
      spec.given([]).when(queue(FIVE, 3)).then([queued(FIVE, 3, 3)]);
    });

    it('should end at once when every item is over the limit', () => {
      spec.given([]).when(queue(FIVE, 0)).then([queued(FIVE, 0, 0), completed]);
    });

    it("should give items without a publishAt the series' free slots in order, and none to items over the limit", () => {
      const items = [anItem('Owls'), anItem('Bats', { publishAt: '2026-12-24T18:00:00.000Z' }), anItem('Moles'), anItem('Foxes')];
      const slots = ['2026-11-23T17:00:00.000Z', '2026-11-25T17:00:00.000Z', '2026-11-27T17:00:00.000Z'];
      const expected = queued([
        anItem('Owls', { publishAt: slots[0] }), anItem('Bats', { publishAt: '2026-12-24T18:00:00.000Z' }), anItem('Moles', { publishAt: slots[1] }), anItem('Foxes'),
      ], 3, 3, true);
      spec.given([]).when(queue(items, 3, slots)).then([expected]);
    });

    it('should refuse an empty list, more than 100 items, an unknown topic and the same batch twice', () => {
      spec.given([]).when(queue([])).thenThrows(ValidationError, BATCH_MESSAGES.empty);
      spec.given([]).when(queue(Array.from({ length: 101 }, (_, i) => anItem(`Prompt ${i}`)))).thenThrows(ValidationError, 'A batch holds at most 100 topics or prompts');
      spec.given([]).when(queue([anItem('x', { topic: 'Knitting', customPrompt: null })])).thenThrows(ValidationError, BATCH_MESSAGES.invalidItem);
      spec.given([]).when(queue([anItem('')])).thenThrows(ValidationError, BATCH_MESSAGES.invalidItem);
      spec.given([queued(FIVE)]).when(queue(FIVE)).thenThrows(ConflictError, BATCH_MESSAGES.exists);
    });

    it('should accept exactly 100 items and a catalogue topic', () => {
      const hundred = Array.from({ length: 100 }, (_, i) => (i === 0 ? anItem('', { topic: 'Fun Facts', customPrompt: null }) : anItem(`Prompt ${i}`)));
      spec.given([]).when(queue(hundred, 100)).then([queued(hundred, 100)]);
    });
  });

  describe('When an item is started', () => {
    it('should take the next item in order with its video id', () => {
      spec.given([queued(FIVE)]).when(start(0)).then([started(0)]);
      spec.given([queued(FIVE), started(0), finished(0)]).when(start(1)).then([started(1)]);
    });

    it('should do nothing when the runner starts the same item again (never two videos for one item)', () => {
      spec.given([queued(FIVE), started(0)]).when(start(0)).thenNothingHappens();
      spec.given([queued(FIVE), started(0), finished(0)]).when(start(0)).thenNothingHappens();
    });

    it('should refuse to start an item out of order or while another is being made (one at a time)', () => {
      spec.given([queued(FIVE)]).when(start(2)).thenThrows(ConflictError, BATCH_MESSAGES.outOfOrder);
      spec.given([queued(FIVE), started(0)]).when(start(1)).thenThrows(ConflictError, BATCH_MESSAGES.outOfOrder);
    });

    it('should not start an item over the limit, nor any after a cancel', () => {
      spec.given([queued(FIVE, 1, 1), started(0), finished(0)]).when(start(1)).thenNothingHappens();
      const cancelled: BatchEvent = { type: 'BatchCancelled', data: { batchId: 'b1', userId: 'u1', cancelled: [1, 2, 3, 4], at: NOW } };
      spec.given([queued(FIVE), started(0), cancelled]).when(start(1)).thenNothingHappens();
    });

    it('should not know an unknown batch', () => {
      spec.given([]).when(start(0)).thenThrows(NotFoundError, BATCH_MESSAGES.notFound);
    });
  });

  describe("When an item's video is done or failed", () => {
    it('should record the outcome once', () => {
      spec.given([queued(FIVE), started(0)]).when(finish(0)).then([finished(0)]);
      spec.given([queued(FIVE), started(0)]).when(finish(0, 'failed', 'The script could not be written')).then([finished(0, 'failed', 'The script could not be written')]);
      spec.given([queued(FIVE), started(0), finished(0)]).when(finish(0)).thenNothingHappens();
    });

    it('should complete the batch with its last item', () => {
      const history = [queued(FIVE), ...[0, 1, 2, 3].flatMap((i) => [started(i), finished(i)]), started(4)];
      spec.given(history).when(finish(4)).then([finished(4), completed]);
    });

    it('should complete the batch when the items left are over the limit', () => {
      spec.given([queued(FIVE, 2, 2), started(0), finished(0), started(1)]).when(finish(1, 'failed', 'x')).then([finished(1, 'failed', 'x'), completed]);
    });
  });

  describe("When the plan refuses an item's video as its turn comes", () => {
    it('should skip it with the reason, and complete the batch after the last', () => {
      const skipped = (index: number): BatchEvent => ({ type: 'BatchItemSkipped', data: { batchId: 'b1', userId: 'u1', index, reason: 'Monthly video limit reached', at: NOW } });
      const skip = (index: number) => ({ type: 'SkipBatchItem' as const, data: { index, reason: 'Monthly video limit reached' }, metadata: meta() });
      spec.given([queued(FIVE.slice(0, 2)), started(0)]).when(skip(0)).then([skipped(0)]);
      spec.given([queued(FIVE.slice(0, 2)), started(0), skipped(0), started(1)]).when(skip(1)).then([skipped(1), completed]);
      spec.given([queued(FIVE.slice(0, 2)), started(0), skipped(0)]).when(skip(0)).thenNothingHappens();
    });
  });

  describe('When the creator cancels', () => {
    it('should cancel the queued items and let the one being made finish', () => {
      const cancelled: BatchEvent = { type: 'BatchCancelled', data: { batchId: 'b1', userId: 'u1', cancelled: [2, 3, 4], at: NOW } };
      spec.given([queued(FIVE), started(0), finished(0), started(1)]).when(cancel()).then([cancelled]);
      spec.given([queued(FIVE), started(0), finished(0), started(1), cancelled]).when(finish(1)).then([finished(1), completed]);
    });

    it('should complete at once when nothing is being made', () => {
      const cancelled: BatchEvent = { type: 'BatchCancelled', data: { batchId: 'b1', userId: 'u1', cancelled: [1, 2, 3, 4], at: NOW } };
      spec.given([queued(FIVE), started(0), finished(0)]).when(cancel()).then([cancelled, completed]);
    });

    it('should do nothing for a batch already over, and not know another creator\'s batch', () => {
      spec.given([queued(FIVE, 0, 0), completed]).when(cancel()).thenNothingHappens();
      spec.given([queued(FIVE)]).when(cancel('u2')).thenThrows(NotFoundError, BATCH_MESSAGES.notFound);
      spec.given([]).when(cancel()).thenThrows(NotFoundError, BATCH_MESSAGES.notFound);
    });
  });
});
