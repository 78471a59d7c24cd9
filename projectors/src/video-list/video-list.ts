import { COLLECTIONS, TITLE_MAX, type VideoEvent, type VideoListDoc } from '@app/domain';
import type { DocumentStore, RecordedEvent } from '@app/platform';
import type { Projection } from '../runner/projection';

export const VIDEO_LIST = COLLECTIONS.videoList;

/** Until the script names it, a video is called after its topic (or custom prompt). */
export function provisionalTitle(topic: string, customPrompt: string | null): string {
  const base = customPrompt?.trim() || topic;
  return base.length > TITLE_MAX ? `${base.slice(0, TITLE_MAX - 1)}…` : base;
}

export function evolveVideoList(doc: VideoListDoc | null, event: VideoEvent): VideoListDoc | null {
  if (event.type === 'VideoRequested') {
    const d = event.data;
    return { _id: d.videoId, userId: d.userId, seriesId: d.seriesId, title: provisionalTitle(d.topic, d.customPrompt), createdAt: d.requestedAt, aspectRatio: d.aspectRatio, duration: d.duration, status: null };
  }
  if (!doc) return null;
  switch (event.type) {
    case 'RenderStageReached':
      return { ...doc, status: event.data.status, title: event.data.script?.title ?? doc.title };
    case 'VideoRendered':
      return { ...doc, status: 'done', duration: Math.round(event.data.media.durationSeconds), title: event.data.script?.title ?? doc.title };
    case 'RenderFailed':
      return { ...doc, status: 'failed' };
    case 'CaptionEdited':
      return doc;
    case 'VideoDeleted':
      return null;
    case 'RerenderRequested':
      return { ...doc, status: null };
    case 'VersionRestored':
      return { ...doc, title: event.data.script?.title ?? doc.title, duration: Math.round(event.data.media.durationSeconds) };
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
