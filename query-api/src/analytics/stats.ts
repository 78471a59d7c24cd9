import {
  COLLECTIONS, PAID_PLAN_IDS, STAT_STAGES, ValidationError,
  type Bucket, type StatsAnswer, type StatsBucket, type StatsHourDoc, type StatsUserDoc,
} from '@app/domain';
import type { DocumentStore } from '@app/platform';

export interface StatsSource {
  docs: DocumentStore;
}

const DAY_MS = 86_400_000;
/** The widest range one request may ask for (each day is one indexed read). */
export const MAX_STATS_DAYS = 400;
const DEFAULT_SPAN_MS: Record<Bucket, number> = { hour: 2 * DAY_MS, day: 30 * DAY_MS, week: 12 * 7 * DAY_MS };

/** The start of the bucket holding `ms` (UTC; weeks start on Monday). */
export function bucketStart(ms: number, bucket: Bucket): number {
  const date = new Date(ms);
  if (bucket === 'hour') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours());
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  if (bucket === 'day') return day;
  return day - ((date.getUTCDay() + 6) % 7) * DAY_MS;
}

const nextBucket = (start: number, bucket: Bucket) => start + (bucket === 'hour' ? 3_600_000 : bucket === 'day' ? DAY_MS : 7 * DAY_MS);

/** Nearest-rank percentile; 0 for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const daysBetween = (fromMs: number, toMs: number) => {
  const days: string[] = [];
  for (let day = bucketStart(fromMs, 'day'); day <= toMs; day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
};

async function hoursOf(docs: DocumentStore, days: readonly string[]): Promise<StatsHourDoc[]> {
  const hours = docs.collection<StatsHourDoc>(COLLECTIONS.statsHours, { indexes: [['day']] });
  const found = await Promise.all(days.map((day) => hours.find({ day })));
  return found.flat();
}

/**
 * GET /api/analytics/stats from the product-stats read model: counters per bucket, render and
 * stage seconds (p50, p95) over the range, failures by stage, posts by platform, the plans paid
 * for now and the funnel. Subscribers per bucket are counted back from today's total.
 */
export async function presentStats(source: StatsSource, query: { from?: string; to?: string; bucket: Bucket }, now: Date): Promise<StatsAnswer> {
  const toMs = query.to ? Date.parse(query.to) : now.getTime();
  const fromMs = query.from ? Date.parse(query.from) : toMs - DEFAULT_SPAN_MS[query.bucket];
  if ((toMs - fromMs) / DAY_MS > MAX_STATS_DAYS) throw new ValidationError(`The range may span at most ${MAX_STATS_DAYS} days`);
  const { docs } = source;
  const users = docs.collection<StatsUserDoc>(COLLECTIONS.statsUsers, { indexes: [['active', 'plan']] });

  const inRange = (await hoursOf(docs, daysBetween(fromMs, toMs))).filter((h) => {
    const start = Date.parse(h._id);
    return start >= bucketStart(fromMs, 'hour') && start <= toMs;
  });
  const later = toMs < now.getTime() ? (await hoursOf(docs, daysBetween(toMs, now.getTime()))).filter((h) => Date.parse(h._id) > toMs) : [];

  const [signedUp, firstVideo, subscribed, active, ...paid] = await Promise.all([
    users.count({}), users.count({ firstVideo: true }), users.count({ subscribed: true }), users.count({ active: true }),
    ...PAID_PLAN_IDS.map((plan) => users.count({ active: true, plan })),
  ]);

  const buckets: StatsBucket[] = [];
  const byStart = new Map<number, StatsBucket>();
  for (let start = bucketStart(fromMs, query.bucket); start <= toMs; start = nextBucket(start, query.bucket)) {
    const bucket: StatsBucket = { start: new Date(start).toISOString(), signups: 0, videosRequested: 0, videosDone: 0, videosFailed: 0, videosDeleted: 0, posts: 0, postsFailed: 0, checkouts: 0, cancellations: 0, activeSubscribers: 0 };
    buckets.push(bucket);
    byStart.set(start, bucket);
  }
  const renderSeconds: number[] = [];
  const stageSeconds: Record<string, number[]> = {};
  const failuresByStage: Record<string, number> = {};
  const postsByPlatform: Record<string, number> = {};
  for (const hour of inRange) {
    const bucket = byStart.get(bucketStart(Date.parse(hour._id), query.bucket));
    if (bucket) {
      for (const field of ['signups', 'videosRequested', 'videosDone', 'videosFailed', 'videosDeleted', 'posts', 'postsFailed', 'checkouts', 'cancellations'] as const) bucket[field] += hour[field];
    }
    renderSeconds.push(...hour.renderSeconds);
    for (const [stage, values] of Object.entries(hour.stageSeconds)) (stageSeconds[stage] ??= []).push(...(values ?? []));
    for (const [stage, n] of Object.entries(hour.failuresByStage)) failuresByStage[stage] = (failuresByStage[stage] ?? 0) + (n ?? 0);
    for (const [platform, n] of Object.entries(hour.postsByPlatform)) postsByPlatform[platform] = (postsByPlatform[platform] ?? 0) + n;
  }

  // Subscribers at the end of each bucket: today's total, minus what changed after that end.
  const changes = [...inRange, ...later].map((h) => ({ at: Date.parse(h._id), delta: h.subscribersDelta }));
  for (const [start, bucket] of byStart) {
    const end = nextBucket(start, query.bucket);
    bucket.activeSubscribers = Math.max(0, active - changes.filter((c) => c.at >= end).reduce((sum, c) => sum + c.delta, 0));
  }

  const byStage = Object.fromEntries(STAT_STAGES.filter((stage) => stageSeconds[stage]).map((stage) => [stage, { p50: percentile(stageSeconds[stage], 50), p95: percentile(stageSeconds[stage], 95) }]));
  return {
    buckets,
    renderSeconds: { p50: percentile(renderSeconds, 50), p95: percentile(renderSeconds, 95), byStage },
    failuresByStage,
    postsByPlatform,
    plans: { FREE: Math.max(0, signedUp - active), ...Object.fromEntries(PAID_PLAN_IDS.map((plan, i) => [plan, paid[i]])) },
    funnel: { signedUp, firstVideo, subscribed },
  };
}
