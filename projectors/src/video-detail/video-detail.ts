import { COLLECTIONS, STUDIO_EDIT_TYPES, evolveStudio, initialStudio, isOfCurrentRender, scriptOnShow, statusAfterFailure, type VideoDetailDoc, type VideoEvent } from '@app/domain';
import type { DocumentStore, RecordedEvent } from '@app/platform';
import type { Projection } from '../runner/projection';

export const VIDEO_DETAIL = COLLECTIONS.videoDetail;

export function evolveVideoDetail(doc: VideoDetailDoc | null, event: VideoEvent): VideoDetailDoc | null {
  if (event.type === 'VideoRequested') {
    const d = event.data;
    return {
      _id: d.videoId, userId: d.userId, seriesId: d.seriesId, topic: d.topic, customPrompt: d.customPrompt, language: d.language,
      style: d.style, voiceid: d.voiceId, aspectRatio: d.aspectRatio, requestedDuration: d.duration, createdAt: d.requestedAt,
      status: null, statusAt: null, script: null, media: null, failureReason: null,
      ...(d.captions ? { captions: d.captions } : {}),
      ...(d.music ? { music: d.music } : {}),
      ...(d.sceneMedia ? { sceneMedia: d.sceneMedia } : {}),
      ...(d.import ? { uploaded: true } : {}),
    };
  }
  if (!doc) return null;
  const before = doc.studio ?? initialStudio();
  const studio = evolveStudio(before, event, { voiceId: doc.voiceid, captions: doc.captions, music: doc.music, sceneMedia: doc.sceneMedia });
  const next = { ...doc, studio, script: scriptOnShow(doc.script, studio, event) };
  switch (event.type) {
    case 'RenderStageReached':
      if (!isOfCurrentRender(before, event.data.version)) return doc;
      return { ...next, status: event.data.status, statusAt: event.data.at };
    case 'VideoRendered':
      if (!isOfCurrentRender(before, event.data.version)) return doc;
      return { ...next, status: 'done', statusAt: event.data.at, media: event.data.media, failureReason: null };
    case 'RenderFailed':
      if (!isOfCurrentRender(before, event.data.version)) return doc;
      // A failed re-render leaves the last good version on show, done; its reason is the studio's (lastRerenderFailure).
      if (statusAfterFailure(before) === 'done') return { ...next, status: 'done', statusAt: event.data.at, failureReason: null };
      return { ...next, status: 'failed', statusAt: event.data.at, failureReason: event.data.reason };
    case 'VideoDeleted':
      return null;
    case 'RerenderRequested':
      // The last good version keeps playing; the status follows the new render from the start.
      return { ...next, status: null, statusAt: event.data.requestedAt, failureReason: null };
    case 'VersionRestored':
      return { ...next, media: event.data.media };
    default:
      return next;
  }
}

export const videoDetailProjection: Projection = {
  name: 'video-detail',
  handles: [
    'VideoRequested', 'RenderStageReached', 'VideoRendered', 'RenderFailed', 'CaptionEdited', 'VideoDeleted',
    ...STUDIO_EDIT_TYPES, 'RerenderRequested', 'VersionRestored',
  ],
  collections: [VIDEO_DETAIL],
  async apply(event: RecordedEvent, docs: DocumentStore) {
    const id = event.data.videoId as string;
    await docs.collection<VideoDetailDoc>(VIDEO_DETAIL, { indexes: [['userId']] })
      .apply(id, event.position, (current) => evolveVideoDetail(current, { type: event.type, data: event.data } as VideoEvent));
  },
};
