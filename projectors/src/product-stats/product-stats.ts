import {
  COLLECTIONS, RENDER_STAGE_OF_STATUS, type RenderStage, type StatsHourDoc, type StatsRenderDoc, type StatsUserDoc,
} from '@app/domain';
import type { DocumentStore, RecordedEvent } from '@app/platform';
import type { Projection } from '../runner/projection';

/**
 * The product stats analysts read (issue 14): counters per hour, render and stage durations, the
 * funnel and the plans, kept as events arrive so GET /api/analytics/stats never scans the log.
 */
export const STATS_EVENT_TYPES = [
  'UserRegistered', 'VideoRequested', 'RenderStageReached', 'VideoRendered', 'RenderFailed', 'VideoDeleted',
  'PostPublished', 'PostFailed', 'SubscriptionActivated', 'PlanChanged', 'CancellationScheduled', 'SubscriptionEnded',
] as const;

export const hourOf = (iso: string) => `${iso.slice(0, 13)}:00:00.000Z`;

const emptyHour = (hour: string): Omit<StatsHourDoc, '_id'> => ({
  day: hour.slice(0, 10), signups: 0, videosRequested: 0, videosDone: 0, videosFailed: 0, videosDeleted: 0, posts: 0, postsFailed: 0,
  checkouts: 0, cancellations: 0, subscribersDelta: 0, renderSeconds: [], stageSeconds: {}, failuresByStage: {}, postsByPlatform: {},
});

const seconds = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 10) / 100);

type HourChange = (hour: Omit<StatsHourDoc, '_id'>) => Omit<StatsHourDoc, '_id'>;
const count = (field: 'signups' | 'videosRequested' | 'videosDeleted' | 'postsFailed' | 'checkouts' | 'cancellations'): HourChange => (h) => ({ ...h, [field]: h[field] + 1 });

async function inHour(docs: DocumentStore, event: RecordedEvent, change: HourChange): Promise<void> {
  const hour = hourOf(event.recordedAt);
  await docs.collection<StatsHourDoc>(COLLECTIONS.statsHours, { indexes: [['day']] }).apply(hour, event.position, (current) => {
    const { _id, _position, ...doc } = current ?? { _id: hour, _position: 0, ...emptyHour(hour) };
    void _position;
    return { _id, ...change(doc) };
  });
}

async function forUser(docs: DocumentStore, event: RecordedEvent, change: (user: Omit<StatsUserDoc, '_id'>) => Omit<StatsUserDoc, '_id'>): Promise<void> {
  const userId = event.data.userId as string;
  await docs.collection<StatsUserDoc>(COLLECTIONS.statsUsers, { indexes: [['active', 'plan']] }).apply(userId, event.position, (current) => {
    const { _id, _position, ...user } = current ?? { _id: userId, _position: 0, firstVideo: false, subscribed: false, active: false, plan: null };
    void _position;
    return { _id, ...change(user) };
  });
}

/** Closes the stage that `status` ended, if a render was in flight. */
function reached(render: StatsRenderDoc, status: string, at: string): StatsRenderDoc {
  const stage = render.status ? RENDER_STAGE_OF_STATUS[render.status as keyof typeof RENDER_STAGE_OF_STATUS] : undefined;
  const stageSeconds = stage ? { ...render.stageSeconds, [stage]: (render.stageSeconds[stage] ?? 0) + seconds(render.statusAt, at) } : render.stageSeconds;
  return { ...render, status, statusAt: at, stageSeconds };
}

export const productStatsProjection: Projection = {
  name: 'product-stats',
  handles: STATS_EVENT_TYPES,
  collections: [COLLECTIONS.statsHours, COLLECTIONS.statsUsers, COLLECTIONS.statsRenders],
  async apply(event, docs) {
    const renders = docs.collection<StatsRenderDoc>(COLLECTIONS.statsRenders);
    const d = event.data;
    // A re-render from the studio is the same video again, not another one: the counts and render
    // times are of videos made.
    if ((d.version ?? 1) > 1) return;
    switch (event.type) {
      case 'UserRegistered':
        await forUser(docs, event, (u) => u);
        return inHour(docs, event, count('signups'));
      case 'VideoRequested':
        await renders.apply(d.videoId, event.position, () => ({ _id: d.videoId, requestedAt: d.requestedAt, status: 'start', statusAt: d.requestedAt, stageSeconds: {} }));
        await forUser(docs, event, (u) => ({ ...u, firstVideo: true }));
        return inHour(docs, event, count('videosRequested'));
      case 'RenderStageReached':
        await renders.apply(d.videoId, event.position, (render) => (render ? reached(render, d.status, d.at) : render));
        return;
      case 'VideoRendered': {
        const render = await renders.get(d.videoId);
        const done = render ? reached(render, 'done', d.at) : null;
        await inHour(docs, event, (h) => {
          if (!done) return { ...h, videosDone: h.videosDone + 1 };
          const stageSeconds = { ...h.stageSeconds };
          for (const [stage, value] of Object.entries(done.stageSeconds) as [RenderStage, number][]) stageSeconds[stage] = [...(stageSeconds[stage] ?? []), value];
          return { ...h, videosDone: h.videosDone + 1, renderSeconds: [...h.renderSeconds, seconds(done.requestedAt, d.at)], stageSeconds };
        });
        await renders.apply(d.videoId, event.position, () => null);
        return;
      }
      case 'RenderFailed': {
        const render = await renders.get(d.videoId);
        const stage: RenderStage = render?.status ? RENDER_STAGE_OF_STATUS[render.status as keyof typeof RENDER_STAGE_OF_STATUS] ?? 'render' : 'script';
        await inHour(docs, event, (h) => ({ ...h, videosFailed: h.videosFailed + 1, failuresByStage: { ...h.failuresByStage, [stage]: (h.failuresByStage[stage] ?? 0) + 1 } }));
        await renders.apply(d.videoId, event.position, () => null);
        return;
      }
      case 'VideoDeleted':
        await renders.apply(d.videoId, event.position, () => null);
        return inHour(docs, event, count('videosDeleted'));
      case 'PostPublished':
        return inHour(docs, event, (h) => ({ ...h, posts: h.posts + 1, postsByPlatform: { ...h.postsByPlatform, [d.platform]: (h.postsByPlatform[d.platform] ?? 0) + 1 } }));
      case 'PostFailed':
        return inHour(docs, event, count('postsFailed'));
      case 'SubscriptionActivated': {
        const user = await docs.collection<StatsUserDoc>(COLLECTIONS.statsUsers).get(d.userId);
        const wasActive = user?.active === true;
        await forUser(docs, event, (u) => ({ ...u, subscribed: true, active: true, plan: d.plan }));
        return inHour(docs, event, (h) => ({ ...h, checkouts: h.checkouts + 1, subscribersDelta: h.subscribersDelta + (wasActive ? 0 : 1) }));
      }
      case 'PlanChanged':
        return forUser(docs, event, (u) => ({ ...u, plan: d.plan }));
      case 'CancellationScheduled':
        return inHour(docs, event, count('cancellations'));
      case 'SubscriptionEnded': {
        const user = await docs.collection<StatsUserDoc>(COLLECTIONS.statsUsers).get(d.userId);
        if (!user?.active) return;
        await forUser(docs, event, (u) => ({ ...u, active: false, plan: null }));
        return inHour(docs, event, (h) => ({ ...h, subscribersDelta: h.subscribersDelta - 1 }));
      }
      default:
        return;
    }
  },
};
