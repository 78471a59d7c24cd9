import {
  ENTITLEMENT_MESSAGES, batchDecider, batchStreamId, currentItem, isProcessing, nextQueuedItem, postDecider, postStreamId, seriesDecider, seriesStreamId,
  subscriptionDecider, subscriptionStreamId, videoDecider, videoStreamId, type BatchItemState, type CommandMetadata, type PresentBatch, type PresentVideo,
} from '@app/domain';
import {
  defaultContent, deterministicId, handle, loadState, postIdFor, runReactor, type Clock, type DocumentStore, type EventStore, type Logger, type RecordedEvent, type Subscription,
} from '@app/platform';
import { requestVideo } from '../video/generate-video';

export const BATCH_RUNNER_CHECKPOINT = 'batch-runner';
/** The runner's own bookkeeping (not a read model): per creator, their open batches in the order queued. */
export const BATCH_RUNNER_QUEUES = 'batch_runner_queues';

interface RunnerQueueDoc {
  _id: string;
  batchIds: string[];
}

/** The events after which a creator's next batch item may be due. */
export const BATCH_RUNNER_EVENTS = [
  'BatchQueued', 'BatchCancelled', 'BatchCompleted', 'VideoProcessingEnded', 'VideoRendered', 'RenderFailed', 'VideoDeleted', 'SeriesDeleted',
] as const;

export const BATCH_RUNNER_REASONS = {
  deleted: 'The video was deleted',
  failed: 'The render failed',
} as const;

type Step = 'waiting' | 'closed';

export interface BatchRunnerDeps {
  eventStore: EventStore;
  docs: DocumentStore;
  logger: Logger;
  clock: Clock;
}

/**
 * Makes each creator's batches, one video at a time. After any event that may free the creator's
 * one render slot (a video done, failed or deleted, its processing ended) or change a batch, it
 * looks at the creator's open batches, oldest first, and takes the next step of the first one:
 * record the outcome of the item being made, or start the next item (BatchItemStarted, then a
 * monthly credit and the video, under a video id derived from the batch and the item).
 *
 * Every step reads the streams, not a read model, and is idempotent, so at-least-once events and a
 * restart mid-way (replayed from the checkpoint, plus a sweep at start) neither start an item twice
 * (the batch decider starts each item once; the same video id is requested at most once, and its
 * credit is used once while it holds the slot) nor skip one (an item is only left by an outcome).
 */
export class BatchRunner {
  private readonly log: Logger;
  constructor(private readonly deps: BatchRunnerDeps) {
    this.log = deps.logger.child({ category: 'batch-runner' });
  }

  private queues() {
    return this.deps.docs.collection<RunnerQueueDoc>(BATCH_RUNNER_QUEUES);
  }

  private meta(userId: string, batchId: string): CommandMetadata {
    const now = this.deps.clock.now().toISOString();
    const correlationId = deterministicId(`batch:${batchId}`);
    return { now, timestamp: now, userId, correlationId, causationId: correlationId };
  }

  /** The reactor's handling of one event. */
  async onEvent(event: RecordedEvent): Promise<void> {
    const d = event.data as { userId?: string; batchId?: string; videoId?: string };
    if (event.type === 'BatchQueued') {
      const queue = await this.queues().get(d.userId!);
      const batchIds = queue?.batchIds ?? [];
      if (!batchIds.includes(d.batchId!)) await this.queues().upsert(d.userId!, { batchIds: [...batchIds, d.batchId!] });
    }
    let userId = d.userId;
    if (!userId && d.videoId) {
      const { state } = await loadState(this.deps.eventStore, videoStreamId(d.videoId), videoDecider);
      userId = state.status === 'none' ? undefined : state.userId;
    }
    if (userId) await this.advance(userId);
  }

  /** Every creator with an open batch (at start: whatever a stop left half done). */
  async sweep(): Promise<void> {
    for (const queue of await this.queues().find({})) {
      try {
        await this.advance(queue._id);
      } catch (error) {
        this.log.error({ err: error, userId: queue._id }, 'Batch sweep failed for a creator');
      }
    }
  }

  /** The next steps of the creator's batches: the oldest open one goes first; a closed one leaves the queue. */
  async advance(userId: string): Promise<void> {
    const queue = await this.queues().get(userId);
    if (!queue) return;
    for (const batchId of queue.batchIds) {
      if ((await this.advanceBatch(batchId)) === 'waiting') return;
      const left = ((await this.queues().get(userId))?.batchIds ?? []).filter((id) => id !== batchId);
      if (left.length === 0) await this.queues().delete(userId);
      else await this.queues().upsert(userId, { batchIds: left });
    }
  }

  private async advanceBatch(batchId: string): Promise<Step> {
    const store = this.deps.eventStore;
    // Each pass records one step; a batch has at most a few steps per item.
    for (let guard = 0; guard < 1000; guard++) {
      const { state: batch } = await loadState(store, batchStreamId(batchId), batchDecider);
      if (batch.status === 'none') return 'closed';
      const meta = this.meta(batch.userId, batchId);
      const current = currentItem(batch);
      if (current?.videoId) {
        const { state: video } = await loadState(store, videoStreamId(current.videoId), videoDecider);
        if (video.status === 'none') {
          // Started, its video not yet requested (the slot was busy, or a stop came in between).
          const step = await this.requestItemVideo(batch, current, meta);
          if (step === 'waiting') return 'waiting';
          continue;
        }
        if (isProcessing(video)) return 'waiting';
        const outcome = video.status === 'done' && !video.deleted ? 'done' : 'failed';
        if (outcome === 'done') await this.requestPosts(batch, current, video, meta);
        const reason = outcome === 'done' ? null : video.deleted ? BATCH_RUNNER_REASONS.deleted : await this.failureOf(current.videoId);
        await handle(store, batchStreamId(batchId), batchDecider, { type: 'FinishBatchItem', data: { index: current.index, outcome, reason }, metadata: meta });
        this.log.info({ batchId, index: current.index, videoId: current.videoId, outcome }, 'Batch item finished');
        continue;
      }
      if (batch.status === 'completed') return 'closed';
      const next = nextQueuedItem(batch);
      if (!next) return 'closed';
      const { state: series } = await loadState(store, seriesStreamId(batch.seriesId), seriesDecider);
      if (series.status === 'none' || series.status === 'deleted') {
        // The series is gone: nothing more is made for it.
        await handle(store, batchStreamId(batchId), batchDecider, { type: 'CancelBatch', data: { userId: batch.userId }, metadata: meta });
        continue;
      }
      // One video at a time: while another of the creator's videos renders, the item waits its turn.
      const { state: sub } = await loadState(store, subscriptionStreamId(batch.userId), subscriptionDecider);
      if (sub.processingVideoId) {
        const { state: busy } = await loadState(store, videoStreamId(sub.processingVideoId), videoDecider);
        if (isProcessing(busy)) return 'waiting';
      }
      const videoId = deterministicId(`batch:${batchId}:${next.index}`);
      await handle(store, batchStreamId(batchId), batchDecider, { type: 'StartBatchItem', data: { index: next.index, videoId }, metadata: meta });
    }
    this.log.error({ batchId }, 'Batch runner made no progress');
    return 'waiting';
  }

  /** The item's video with the series' settings and the item's topic or prompt; a plan refusal skips the item. */
  private async requestItemVideo(batch: PresentBatch, item: BatchItemState, meta: CommandMetadata): Promise<Step | 'next'> {
    const store = this.deps.eventStore;
    const { state: series } = await loadState(store, seriesStreamId(batch.seriesId), seriesDecider);
    if (series.status === 'none') throw new Error(`Series ${batch.seriesId} of batch ${batch.batchId} has no stream`);
    const s = series.settings;
    const outcome = await requestVideo(store, batch.userId, {
      topic: item.topic, customPrompt: item.customPrompt, duration: s.duration, style: s.style, voiceid: s.voiceId, aspectRatio: s.aspectRatio, language: s.language,
      ...(s.captions ? { captions: s.captions } : {}),
      ...(s.music ? { music: s.music } : {}),
    } as Parameters<typeof requestVideo>[2], meta, batch.seriesId, item.videoId!);
    if (outcome.kind === 'requested') {
      this.log.info({ batchId: batch.batchId, index: item.index, videoId: outcome.videoId }, 'Batch item video requested');
      return 'waiting';
    }
    if (outcome.reason === 'stillProcessing') return 'waiting';
    // Over the monthly limit (or no plan any more) when its turn came: reported on the item, never dropped silently.
    const reason = outcome.reason === 'userNotFound' ? outcome.message : ENTITLEMENT_MESSAGES[outcome.reason];
    await handle(store, batchStreamId(batch.batchId), batchDecider, { type: 'SkipBatchItem', data: { index: item.index, reason }, metadata: meta });
    this.log.info({ batchId: batch.batchId, index: item.index, reason }, 'Batch item refused by the plan');
    return 'next';
  }

  /** A scheduled item's video is posted to each of the series' platforms at its publishAt (once per platform). */
  private async requestPosts(batch: PresentBatch, item: BatchItemState, video: PresentVideo, meta: CommandMetadata): Promise<void> {
    if (!item.publishAt) return;
    const { state: series } = await loadState(this.deps.eventStore, seriesStreamId(batch.seriesId), seriesDecider);
    if (series.status === 'none' || series.status === 'deleted') return;
    const title = item.title ?? video.script?.title ?? series.name;
    const description = video.script?.description ?? '';
    for (const platform of series.platforms) {
      const postId = postIdFor(video.videoId, platform);
      await handle(this.deps.eventStore, postStreamId(postId), postDecider, {
        type: 'RequestPost',
        data: { postId, userId: batch.userId, videoId: video.videoId, platform, seriesId: batch.seriesId, source: 'batch', content: defaultContent(title, description), publishAt: item.publishAt },
        metadata: meta,
      });
    }
  }

  private async failureOf(videoId: string): Promise<string> {
    const events = await this.deps.eventStore.readStream(videoStreamId(videoId));
    const failed = [...events].reverse().find((e) => e.type === 'RenderFailed');
    return (failed?.data.reason as string | undefined) ?? BATCH_RUNNER_REASONS.failed;
  }
}

/**
 * The batch runner as a reactor with its own checkpoint, run by the autopilot's leader (one across
 * processes): its reactions and sweeps run one after another, never two at once.
 */
export async function startBatchRunner(deps: BatchRunnerDeps & { sweepEveryMs?: number }): Promise<{ runner: BatchRunner; stop(): Promise<void> }> {
  const runner = new BatchRunner(deps);
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };
  const reactor: Subscription = await runReactor({
    name: BATCH_RUNNER_CHECKPOINT, eventStore: deps.eventStore, docs: deps.docs, logger: deps.logger,
    handles: BATCH_RUNNER_EVENTS,
    react: (event) => serial(() => runner.onEvent(event)),
  });
  void serial(() => runner.sweep());
  const timer = setInterval(() => void serial(() => runner.sweep()), deps.sweepEveryMs ?? 60_000);
  return {
    runner,
    async stop() {
      clearInterval(timer);
      await reactor.stop();
      await chain;
    },
  };
}
