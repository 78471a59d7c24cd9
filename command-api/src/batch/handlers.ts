import { randomUUID } from 'node:crypto';
import {
  BATCH_MESSAGES, COLLECTIONS, NotFoundError, SERIES_ERRORS, ValidationError, allowedPostsPerWeek, batchDecider, batchStreamId, capToFrequency, effectivePlan, evolveBatch,
  findPlan, freeSlots, initialBatchState, lineErrorText, monthOf, parseBatch, presentBatch, seriesDecider, seriesStreamId, subscriptionDecider, subscriptionStreamId,
  type BatchLineError, type BatchState, type CommandMetadata, type PresentBatch, type QueueBatchBody, type SeriesBatchDoc,
} from '@app/domain';
import { commandMetadata, currentUserId, handle, loadState, paramsOf, type Clock, type DocumentStore, type EventStore, type HandlersOf } from '@app/platform';

export interface BatchCommandDeps {
  eventStore: EventStore;
  docs: DocumentStore;
  clock: Clock;
}

export const BATCH_QUEUE_MESSAGES = {
  noPlatform: "This series posts to no platform: choose one in the series' settings to schedule the batch",
} as const;

/** Item statuses that hold their publishAt: a scheduled slot another batch may not take. */
const HOLDS_SLOT = new Set(['queued', 'started', 'done']);

/** A 400 naming every refused line: the first in `error`, each line's problems in `details`. */
function refusal(errors: BatchLineError[]): ValidationError {
  const details: Record<string, string> = {};
  for (const error of errors) {
    const key = error.line > 0 ? `line ${error.line}` : 'batch';
    details[key] = details[key] ? `${details[key]}; ${error.message}` : error.message;
  }
  return new ValidationError(lineErrorText(errors[0]), details);
}

/**
 * Batches (issue 18): POST /api/series/:id/batch queues a list of topics or prompts as videos of the
 * series; the batch runner (./runner.ts) makes them one at a time. Over-limit items are decided here
 * from the plan's credits left this month (less the items other open batches still hold), so the
 * answer reports them at once; the runner's credit check stays the authority.
 */
export function batchHandlers(deps: BatchCommandDeps): HandlersOf<'queueBatch' | 'cancelBatch'> {
  const meta = (userId: string, correlationId: string | undefined): CommandMetadata => commandMetadata({ userId, correlationId, now: deps.clock.now() });
  const batches = () => deps.docs.collection<SeriesBatchDoc>(COLLECTIONS.seriesBatches, { indexes: [['seriesId'], ['userId']] });

  const ownSeries = async (seriesId: string, userId: string) => {
    const { state } = await loadState(deps.eventStore, seriesStreamId(seriesId), seriesDecider);
    if (state.status === 'none' || state.status === 'deleted' || state.userId !== userId) throw new NotFoundError(SERIES_ERRORS.notFound);
    return state;
  };

  return {
    queueBatch: async (req, res) => {
      const userId = currentUserId(req);
      const seriesId = req.params.id;
      const body: QueueBatchBody = req.body;
      const metadata = meta(userId, req.correlationId);
      const now = metadata.now;
      const series = await ownSeries(seriesId, userId);

      const parsed = parseBatch(body.csv !== undefined ? { csv: body.csv } : body.lines !== undefined ? { lines: body.lines } : { items: body.items ?? [] }, now);
      if (parsed.errors.length > 0) throw refusal(parsed.errors);
      const willPost = body.schedule || parsed.items.some((item) => item.publishAt !== null);
      if (willPost && series.platforms.length === 0) throw new ValidationError(BATCH_QUEUE_MESSAGES.noPlatform);

      const { state: sub } = await loadState(deps.eventStore, subscriptionStreamId(userId), subscriptionDecider);
      const plan = findPlan(effectivePlan(sub, now));
      const used = plan.id === 'FREE' ? sub.totalVideos : (sub.monthlyUsage[monthOf(now)] ?? 0);
      const open = await batches().find({ userId, status: 'open' });
      const heldElsewhere = open.reduce((n, b) => n + b.items.filter((item) => item.status === 'queued').length, 0);
      const creditsLeft = Math.max(0, plan.monthlyVideoLimit - used - heldElsewhere);

      let slots: string[] | null = null;
      if (body.schedule) {
        const schedule = capToFrequency(series.schedule, allowedPostsPerWeek(plan));
        const taken = new Set(parsed.items.flatMap((item) => (item.publishAt ? [item.publishAt] : [])));
        // Slots still ahead that the series' other batches hold (finished ones too: their posts are still to come).
        for (const b of await batches().find({ seriesId })) for (const item of b.items) if (item.publishAt && HOLDS_SLOT.has(item.status)) taken.add(item.publishAt);
        const from = series.lastSlot && Date.parse(series.lastSlot) > Date.parse(now) ? series.lastSlot : now;
        slots = freeSlots(schedule, from, parsed.items.length, taken);
      }

      const batchId = randomUUID();
      const items = parsed.items.map(({ line: _line, ...spec }) => spec);
      const { events, position } = await handle(deps.eventStore, batchStreamId(batchId), batchDecider, {
        type: 'QueueBatch', data: { batchId, seriesId, userId, items, creditsLeft, slots }, metadata,
      });
      const state = events.reduce<BatchState>(evolveBatch, initialBatchState()) as PresentBatch;
      res.status(201).json({ ...presentBatch({ ...state, createdAt: now, updatedAt: now }), batchId, position });
    },

    cancelBatch: async (req, res) => {
      const userId = currentUserId(req);
      const { id: seriesId, batchId } = paramsOf(res, 'cancelBatch');
      await ownSeries(seriesId, userId);
      const { state } = await loadState(deps.eventStore, batchStreamId(batchId), batchDecider);
      if (state.status === 'none' || state.userId !== userId || state.seriesId !== seriesId) throw new NotFoundError(BATCH_MESSAGES.notFound);
      const { position } = await handle(deps.eventStore, batchStreamId(batchId), batchDecider, { type: 'CancelBatch', data: { userId }, metadata: meta(userId, req.correlationId) });
      res.json({ success: true, position });
    },
  };
}
