import { COLLECTIONS, type PostEvent, type SeriesEvent, type SeriesSlotEntry, type SeriesViewDoc } from '@app/domain';
import type { DocumentStore, RecordedEvent } from '@app/platform';
import type { Projection } from '../runner/projection';

export const RECENT_SLOTS = 10;

const withSlot = (doc: SeriesViewDoc, entry: SeriesSlotEntry): SeriesViewDoc => ({
  ...doc,
  lastSlot: entry.slot,
  recentSlots: [entry, ...doc.recentSlots.filter((s) => s.slot !== entry.slot)].slice(0, RECENT_SLOTS),
});

/** The Series home: settings, schedule, and the latest slots with their videos and posts. */
export function evolveSeriesView(doc: SeriesViewDoc | null, event: SeriesEvent | PostEvent): SeriesViewDoc | null {
  if (event.type === 'SeriesCreated') {
    const d = event.data;
    return {
      _id: d.seriesId, userId: d.userId, name: d.name, status: 'active', settings: d.settings, platforms: d.platforms, schedule: d.schedule,
      createdAt: d.at, updatedAt: d.at, lastSlot: null, recentSlots: [],
    };
  }
  if (!doc) return null;
  switch (event.type) {
    case 'SeriesUpdated': {
      const { name, settings, platforms, schedule, at } = event.data;
      return { ...doc, name: name ?? doc.name, settings: settings ?? doc.settings, platforms: platforms ?? doc.platforms, schedule: schedule ?? doc.schedule, updatedAt: at };
    }
    case 'SeriesPaused':
      return { ...doc, status: 'paused', updatedAt: event.data.at };
    case 'SeriesResumed':
      return { ...doc, status: 'active', updatedAt: event.data.at };
    case 'SeriesDeleted':
      return null;
    case 'SeriesSlotClaimed':
      return withSlot(doc, { slot: event.data.slot, videoId: null, skippedReason: null, missedSlots: event.data.missedSlots, posts: [] });
    case 'SeriesVideoRequested':
      return { ...doc, recentSlots: doc.recentSlots.map((s) => (s.slot === event.data.slot ? { ...s, videoId: event.data.videoId } : s)) };
    case 'SeriesSlotSkipped': {
      const prior = doc.recentSlots.find((s) => s.slot === event.data.slot);
      return withSlot(doc, { slot: event.data.slot, videoId: null, skippedReason: event.data.reason, missedSlots: prior?.missedSlots ?? event.data.missedSlots, posts: [] });
    }
    case 'PostRequested':
    case 'PostPublished':
    case 'PostFailed': {
      const d = event.data as { videoId: string; platform: SeriesSlotEntry['posts'][number]['platform']; at: string };
      const post = {
        platform: d.platform,
        status: event.type === 'PostRequested' ? ('pending' as const) : event.type === 'PostPublished' ? ('published' as const) : ('failed' as const),
        url: event.type === 'PostPublished' ? event.data.url : null,
        error: event.type === 'PostFailed' ? event.data.message : null,
        at: d.at,
      };
      return {
        ...doc,
        recentSlots: doc.recentSlots.map((s) => (s.videoId === d.videoId ? { ...s, posts: [...s.posts.filter((p) => p.platform !== d.platform), post] } : s)),
      };
    }
    default:
      return doc;
  }
}

const SERIES_EVENTS = ['SeriesCreated', 'SeriesUpdated', 'SeriesPaused', 'SeriesResumed', 'SeriesDeleted', 'SeriesSlotClaimed', 'SeriesVideoRequested', 'SeriesSlotSkipped'];

export const seriesViewProjection: Projection = {
  name: 'series-view',
  handles: [...SERIES_EVENTS, 'PostRequested', 'PostPublished', 'PostFailed'],
  collections: [COLLECTIONS.seriesView],
  async apply(event: RecordedEvent, docs: DocumentStore) {
    const seriesId = event.data.seriesId as string | null;
    if (!seriesId) return; // a manual post of a video outside any series
    await docs.collection<SeriesViewDoc>(COLLECTIONS.seriesView, { indexes: [['userId']] })
      .apply(seriesId, event.position, (current) => evolveSeriesView(current, { type: event.type, data: event.data } as SeriesEvent | PostEvent));
  },
};
