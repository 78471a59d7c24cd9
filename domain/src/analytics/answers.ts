import { z } from 'zod';

export const analyticsEvent = z.object({
  /** The event's id: what `metadata.causationId` of the events it caused names. */
  id: z.string(),
  position: z.number().int().positive(),
  streamId: z.string(),
  revision: z.number().int().nonnegative(),
  type: z.string(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: z.string(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEvent>;

export const eventsAnswer = z.object({ events: z.array(analyticsEvent), lastPosition: z.number().int().nonnegative(), headPosition: z.number().int().nonnegative() });
export type EventsAnswer = z.infer<typeof eventsAnswer>;

export const streamSummary = z.object({ streamId: z.string(), category: z.string(), revision: z.number().int().nonnegative(), lastPosition: z.number().int().positive(), lastEventType: z.string(), lastRecordedAt: z.string() });
export const streamsAnswer = z.object({ streams: z.array(streamSummary) });
export type StreamsAnswer = z.infer<typeof streamsAnswer>;

/** A stream as it was at `asOf` (or now): its events and the state its decider folds from them. */
export const streamAnswer = z.object({ streamId: z.string(), revision: z.number().int(), events: z.array(analyticsEvent), state: z.unknown(), headRevision: z.number().int() });
export type StreamAnswer = z.infer<typeof streamAnswer>;

export const PROJECTION_STATUSES = ['live', 'rebuilding', 'stopped'] as const;
export const projectionStatus = z.object({
  name: z.string(),
  kind: z.enum(['read-model', 'reactor']),
  position: z.number().int().nonnegative(),
  headPosition: z.number().int().nonnegative(),
  lag: z.number().int().nonnegative(),
  status: z.enum(PROJECTION_STATUSES),
  rebuiltAt: z.string().nullable(),
  eventsPerSecond: z.number().nonnegative(),
  rebuild: z.object({ position: z.number().int().nonnegative(), target: z.number().int().nonnegative(), startedAt: z.string() }).nullable(),
});
export type ProjectionStatus = z.infer<typeof projectionStatus>;

/** One consumer group on one topic: how many messages were published to it and not yet handled. */
export const busLagRow = z.object({
  groupId: z.string(),
  topic: z.string(),
  partitions: z.number().int().nonnegative(),
  /** Summed over the partitions. */
  lag: z.number().int().nonnegative(),
  /** The partition furthest behind. */
  maxPartitionLag: z.number().int().nonnegative(),
});
export type BusLagRow = z.infer<typeof busLagRow>;
/** The message bus's consumer groups and their lag per topic (Kafka, or the embedded SQLite bus). */
export const busLagAnswer = z.object({ bus: z.string(), groups: z.array(busLagRow) });
export const projectionsAnswer = z.object({ projections: z.array(projectionStatus) });
export type ProjectionsAnswer = z.infer<typeof projectionsAnswer>;
export const rebuildAnswer = z.object({ name: z.string(), status: z.literal('rebuilding'), position: z.number().int().nonnegative() });

const percentiles = z.object({ p50: z.number().nonnegative(), p95: z.number().nonnegative() });
/**
 * Stages timed from one render status to the next. Captions and music are made inside the
 * `render` stage (the worker reports no status between them), so they are timed with it.
 */
export const STAT_STAGES = ['script', 'audio', 'images', 'render', 'upload'] as const;
export const statsBucket = z.object({
  start: z.string(),
  signups: z.number().int(), videosRequested: z.number().int(), videosDone: z.number().int(), videosFailed: z.number().int(), videosDeleted: z.number().int(),
  posts: z.number().int(), postsFailed: z.number().int(), checkouts: z.number().int(), cancellations: z.number().int(), activeSubscribers: z.number().int(),
});
export const statsAnswer = z.object({
  buckets: z.array(statsBucket),
  renderSeconds: percentiles.extend({ byStage: z.record(z.string(), percentiles) }),
  failuresByStage: z.record(z.string(), z.number().int()),
  postsByPlatform: z.record(z.string(), z.number().int()),
  plans: z.record(z.string(), z.number().int()),
  funnel: z.object({ signedUp: z.number().int(), firstVideo: z.number().int(), subscribed: z.number().int() }),
});
export type StatsAnswer = z.infer<typeof statsAnswer>;
export type StatsBucket = z.infer<typeof statsBucket>;
