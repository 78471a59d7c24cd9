import { COLLECTIONS, TITLE_MAX, statusAfterFailure, type VideoEvent, type VideoListDoc } from '@app/domain';
import type { DocumentStore, RecordedEvent } from '@app/platform';
import type { Projection } from '../runner/projection';

export const VIDEO_LIST = COLLECTIONS.videoList;

/** Until the script names it, a video is called after its topic (or custom prompt). */
export function provisionalTitle(topic: string, customPrompt: string | null): string {
  const base = customPrompt?.trim() || topic;
  return base.length > TITLE_MAX ? `${base.slice(0, TITLE_MAX - 1)}…` : base;
}

/**
 * A card shows the version on show, like the detail page: the first render's title as soon as its
 * script is written; a re-render's title and length once it is done (or restored), never while it
 * runs or after it failed.
 */
export function evolveVideoList(doc: VideoListDoc | null, event: VideoEvent): VideoListDoc | null {
  if (event.type === 'VideoRequested') {
    const d = event.data;
    return { _id: d.videoId, userId: d.userId, seriesId: d.seriesId, title: provisionalTitle(d.topic, d.customPrompt), createdAt: d.requestedAt, aspectRatio: d.aspectRatio, duration: d.duration, status: null, currentVersion: null };
  }
  if (!doc) return null;
  const currentVersion = doc.currentVersion ?? null;
  const { renderingTitle, ...settled } = doc;
  switch (event.type) {
    case 'RenderStageReached':
      return { ...doc, status: event.data.status, title: currentVersion === null ? event.data.script?.title ?? doc.title : doc.title };
    case 'VideoRendered':
      return {
        ...settled, status: 'done', currentVersion: event.data.version ?? 1, duration: Math.round(event.data.media.durationSeconds),
        title: event.data.script?.title ?? renderingTitle ?? doc.title,
      };
    case 'RenderFailed':
      return { ...settled, status: statusAfterFailure({ currentVersion }) };
    case 'CaptionEdited':
      return doc;
    case 'VideoDeleted':
      return null;
    case 'RerenderRequested':
      return { ...doc, status: null, renderingTitle: event.data.script.title };
    case 'VersionRestored':
      return { ...doc, currentVersion: event.data.version, title: event.data.script?.title ?? doc.title, duration: Math.round(event.data.media.durationSeconds) };
    default:
      return doc;
  }
}

export const videoListProjection: Projection = {
  name: 'video-list',
  handles: ['VideoRequested', 'RenderStageReached', 'VideoRendered', 'RenderFailed', 'VideoDeleted', 'RerenderRequested', 'VersionRestored'],
  collections: [VIDEO_LIST],
  async apply(event: RecordedEvent, docs: DocumentStore) {
    await docs.collection<VideoListDoc>(VIDEO_LIST, { indexes: [['userId', 'createdAt']] })
      .apply(event.data.videoId as string, event.position, (current) => evolveVideoList(current, { type: event.type, data: event.data } as VideoEvent));
  },
};
