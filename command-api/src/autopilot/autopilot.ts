import {
  COLLECTIONS, ConflictError, DomainError, PLATFORM_LABELS, allowedPostsPerWeek, capToFrequency, dueSlot, effectivePlan, findPlan, isProcessing,
  postDecider, postStreamId, seriesDecider, seriesStreamId, socialLinkDecider, socialLinkStreamId, subscriptionDecider, subscriptionStreamId,
  videoDecider, videoStreamId, type CommandMetadata, type PostQueueDoc, type SeriesBatchDoc, type SeriesViewDoc,
} from '@app/domain';
import {
  defaultContent, deterministicId, documentStoreLease, handle, holderIsGone, loadState, postIdFor, runReactor, runWithLease, startStatusReporter, type Clock, type DocumentStore, type EventStore,
  type Logger, type RecordedEvent, type Subscription,
} from '@app/platform';
import { BATCH_RUNNER_CHECKPOINT, startBatchRunner } from '../batch/runner';
import type { PostExecutor } from '../publishing/post-executor';

/** The command side's GenerateVideo (command-api's generateVideo), injected by the composition root. */
export type GenerateVideoFn = (userId: string, body: unknown, metadata: CommandMetadata, seriesId: string) => Promise<{ videoId: string }>;

export interface AutopilotDeps {
  eventStore: EventStore;
  docs: DocumentStore;
  logger: Logger;
  clock: Clock & { onAdvance?: (listener: () => void) => () => void };
  generateVideo: GenerateVideoFn;
  executor: PostExecutor;
  /** How often due slots are looked for. */
  slotTickMs?: number;
  /** How often the post queue is looked at. */
  queueTickMs?: number;
}

export const AUTOPILOT_PUBLISHER_CHECKPOINT = 'autopilot-publisher';
/** Why a slot a batch holds makes no autopilot video. */
export const AUTOPILOT_BATCH_SLOT = 'A video from your batch is posted at this time';

export type SlotOutcome =
  | { kind: 'none' | 'deferred' | 'taken' }
  | { kind: 'skipped'; slot: string; reason: string }
  | { kind: 'requested'; slot: string; videoId: string };

/**
 * The series autopilot: when a slot comes due it claims it (once: the series decider refuses a
 * slot at or before the last one, so no slot makes two videos), issues GenerateVideo with the
 * series' settings, and when that video is rendered requests a post to each of the series'
 * platforms (one post per video and platform, so nothing is posted twice). After downtime only
 * the latest missed slot is made (dueSlot). A slot is skipped, with its reason, when no target
 * account is linked or the plan's limits refuse the video; while another video of the user is
 * still processing it waits (one video at a time) and is superseded by the next slot.
 */
export class Autopilot {
  private readonly log: Logger;
  constructor(private readonly deps: AutopilotDeps) {
    this.log = deps.logger.child({ category: 'autopilot' });
  }

  private meta(userId: string, correlationId: string): CommandMetadata {
    const now = this.deps.clock.now().toISOString();
    return { now, timestamp: now, userId, correlationId, causationId: correlationId };
  }

  /** One pass over the active series. */
  async runDueSlots(): Promise<SlotOutcome[]> {
    const active = await this.deps.docs.collection<SeriesViewDoc>(COLLECTIONS.seriesView).find({ status: 'active' });
    const outcomes: SlotOutcome[] = [];
    for (const s of active) {
      try {
        outcomes.push(await this.runSeries(s._id));
      } catch (error) {
        this.log.error({ err: error, seriesId: s._id }, 'Autopilot failed on a series');
      }
    }
    return outcomes;
  }

  async runSeries(seriesId: string): Promise<SlotOutcome> {
    const { eventStore } = this.deps;
    const now = this.deps.clock.now().toISOString();
    const { state: series } = await loadState(eventStore, seriesStreamId(seriesId), seriesDecider);
    if (series.status !== 'active') return { kind: 'none' };
    const { userId } = series;
    const { state: sub } = await loadState(eventStore, subscriptionStreamId(userId), subscriptionDecider);
    const schedule = capToFrequency(series.schedule, allowedPostsPerWeek(findPlan(effectivePlan(sub, now))));
    const due = dueSlot(schedule, series.lastSlot ?? series.createdAt, now);
    if (!due) return { kind: 'none' };
    const correlationId = deterministicId(`slot:${seriesId}:${due.slot}`);
    const log = this.log.child({ seriesId, userId, slot: due.slot, correlationId });
    const skip = async (reason: string): Promise<SlotOutcome> => {
      await handle(eventStore, seriesStreamId(seriesId), seriesDecider, { type: 'SkipSlot', data: { slot: due.slot, reason, missedSlots: due.missedSlots }, metadata: this.meta(userId, correlationId) });
      log.info({ reason }, 'Slot skipped');
      return { kind: 'skipped', slot: due.slot, reason };
    };

    // A batch of the series posts its own video at this slot (issue 18): the autopilot makes none.
    if (await this.batchHoldsSlot(seriesId, due.slot)) return skip(AUTOPILOT_BATCH_SLOT);

    // One video at a time: wait while another of the user's videos renders.
    if (sub.processingVideoId) {
      const { state: busy } = await loadState(eventStore, videoStreamId(sub.processingVideoId), videoDecider);
      if (isProcessing(busy)) {
        log.debug('Waiting: another video is still processing');
        return { kind: 'deferred' };
      }
    }
    if (series.platforms.length === 0) return skip('No platform chosen for this series');
    const linked = [];
    for (const platform of series.platforms) {
      const { state } = await loadState(eventStore, socialLinkStreamId(userId, platform), socialLinkDecider);
      if (state.connected) linked.push(platform);
    }
    if (linked.length === 0) return skip(`No linked account: connect ${series.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')} to post`);

    const claimed = await handle(eventStore, seriesStreamId(seriesId), seriesDecider, { type: 'ClaimSlot', data: { slot: due.slot, missedSlots: due.missedSlots }, metadata: this.meta(userId, correlationId) });
    if (claimed.events.length === 0) return { kind: 'taken' };
    const s = series.settings;
    try {
      const { videoId } = await this.deps.generateVideo(userId, {
        topic: s.topic, customPrompt: s.customPrompt, duration: s.duration, style: s.style, voiceid: s.voiceId, aspectRatio: s.aspectRatio, language: s.language,
        // The series' look of captions and music go with each of its videos.
        ...(s.captions ? { captions: s.captions } : {}),
        ...(s.music ? { music: s.music } : {}),
      }, this.meta(userId, correlationId), seriesId);
      await handle(eventStore, seriesStreamId(seriesId), seriesDecider, { type: 'RecordSlotVideo', data: { slot: due.slot, videoId }, metadata: this.meta(userId, correlationId) });
      log.info({ videoId, missedSlots: due.missedSlots }, 'Slot video requested');
      return { kind: 'requested', slot: due.slot, videoId };
    } catch (error) {
      if (error instanceof DomainError) return skip(error.message);
      log.error({ err: error }, 'GenerateVideo failed');
      return skip('The video could not be started');
    }
  }

  /** Whether an item of one of the series' batches is to be posted at `slot` (and was not dropped). */
  private async batchHoldsSlot(seriesId: string, slot: string): Promise<boolean> {
    const batches = await this.deps.docs.collection<SeriesBatchDoc>(COLLECTIONS.seriesBatches).find({ seriesId });
    return batches.some((batch) => batch.items.some((item) => item.publishAt === slot && (item.status === 'queued' || item.status === 'started' || item.status === 'done')));
  }

  /** A rendered autopilot video is posted to each of its series' platforms (once per platform). */
  async onVideoRendered(event: RecordedEvent): Promise<void> {
    const videoId = event.data.videoId as string;
    const { state: video } = await loadState(this.deps.eventStore, videoStreamId(videoId), videoDecider);
    if (video.status === 'none' || video.deleted) return;
    const requested = await this.deps.eventStore.readStream(videoStreamId(videoId));
    const seriesId = requested[0]?.type === 'VideoRequested' ? (requested[0].data.seriesId as string | null) : null;
    if (!seriesId) return;
    const seriesEvents = await this.deps.eventStore.readStream(seriesStreamId(seriesId));
    const slotEvent = seriesEvents.find((e) => e.type === 'SeriesVideoRequested' && e.data.videoId === videoId);
    if (!slotEvent) return; // made by hand, not by the autopilot
    const { state: series } = await loadState(this.deps.eventStore, seriesStreamId(seriesId), seriesDecider);
    if (series.status === 'none' || series.status === 'deleted') return;
    const title = video.script?.title ?? series.name;
    const description = video.script?.description ?? '';
    const correlationId = String(slotEvent.metadata.correlationId ?? videoId);
    for (const platform of series.platforms) {
      const postId = postIdFor(videoId, platform);
      await handle(this.deps.eventStore, postStreamId(postId), postDecider, {
        type: 'RequestPost',
        data: { postId, userId: series.userId, videoId, platform, seriesId, source: 'autopilot', content: defaultContent(title, description) },
        metadata: this.meta(series.userId, correlationId),
      });
    }
  }

  /**
   * Posts whose time has come (new, retrying after backoff, or held by an attempt whose process
   * has exited), one at a time.
   */
  async runPostQueue(): Promise<number> {
    const now = this.deps.clock.now().getTime();
    const postQueue = this.deps.docs.collection<PostQueueDoc>(COLLECTIONS.postQueue);
    const due = (post: PostQueueDoc) => Date.parse(post.dueAt) <= now || (post.status === 'publishing' && !!post.holder && holderIsGone(post.holder));
    // The soonest due, and those held by an attempt (due at the end of the hold, or at once when orphaned).
    const queued = await postQueue.find({}, { sort: { dueAt: 1 }, limit: 50 });
    const held = await postQueue.find({ status: 'publishing' }, { limit: 50 });
    let ran = 0;
    for (const post of new Map([...queued, ...held].map((p) => [p._id, p])).values()) {
      if (!due(post)) continue;
      try {
        await this.deps.executor.attempt(post._id);
        ran++;
      } catch (error) {
        if (!(error instanceof ConflictError)) this.log.error({ err: error, postId: post._id }, 'Post attempt crashed');
      }
    }
    return ran;
  }
}

/**
 * Runs the autopilot under the 'autopilot' lease (one leader across processes): the slot tick,
 * the publisher reactor and the post queue. A test clock's advance triggers a tick at once.
 */
export function startAutopilot(deps: AutopilotDeps & { holder: string; leaseTtlMs?: number }): { stop(): Promise<void>; tick(): Promise<void>; autopilot: Autopilot } {
  const autopilot = new Autopilot(deps);
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>) => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };
  let leading = false;
  const tickSlots = () => (leading ? serial(() => autopilot.runDueSlots()) : Promise.resolve([]));
  const tickQueue = () => (leading ? serial(() => autopilot.runPostQueue()) : Promise.resolve(0));

  const ttlMs = deps.leaseTtlMs ?? 10_000;
  const lease = runWithLease({
    lease: documentStoreLease(deps.docs, 'autopilot', deps.holder, ttlMs),
    checkEveryMs: Math.floor(ttlMs / 3),
    logger: deps.logger,
    lead: async () => {
      leading = true;
      const reactor: Subscription = await runReactor({
        name: AUTOPILOT_PUBLISHER_CHECKPOINT, eventStore: deps.eventStore, docs: deps.docs, logger: deps.logger,
        handles: ['VideoRendered'],
        react: (event) => autopilot.onVideoRendered(event),
      });
      // Batches of a series' videos (issue 18), made one at a time by the same leader.
      const batches = await startBatchRunner({ eventStore: deps.eventStore, docs: deps.docs, logger: deps.logger, clock: deps.clock });
      // Their places in the log beside the projectors' (GET /api/analytics/projections).
      const status = startStatusReporter({
        docs: deps.docs,
        logger: deps.logger,
        entries: async () => [
          { name: AUTOPILOT_PUBLISHER_CHECKPOINT, kind: 'reactor' as const, position: await deps.docs.getCheckpoint(AUTOPILOT_PUBLISHER_CHECKPOINT) },
          { name: BATCH_RUNNER_CHECKPOINT, kind: 'reactor' as const, position: await deps.docs.getCheckpoint(BATCH_RUNNER_CHECKPOINT) },
        ],
      });
      const slotTimer = setInterval(() => void tickSlots(), deps.slotTickMs ?? 30_000);
      const queueTimer = setInterval(() => void tickQueue(), deps.queueTickMs ?? 2_000);
      const off = deps.clock.onAdvance?.(() => void tickSlots().then(() => tickQueue()));
      void tickSlots();
      return {
        async stop() {
          leading = false;
          clearInterval(slotTimer);
          clearInterval(queueTimer);
          off?.();
          await status.stop();
          await batches.stop();
          await reactor.stop();
          await chain;
        },
      };
    },
  });

  return {
    autopilot,
    stop: () => lease.stop(),
    async tick() {
      await tickSlots();
      await tickQueue();
    },
  };
}
