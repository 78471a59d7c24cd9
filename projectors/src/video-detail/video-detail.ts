import { COLLECTIONS, type VideoDetailDoc, type VideoEvent } from '@app/domain';
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
    };
  }
  if (!doc) return null;
  switch (event.type) {
    case 'RenderStageReached':
      return { ...doc, status: event.data.status, statusAt: event.data.at, script: event.data.script ?? doc.script };
    case 'VideoRendered':
      return { ...doc, status: 'done', statusAt: event.data.at, media: event.data.media, script: event.data.script ?? doc.script };
    case 'RenderFailed':
      return { ...doc, status: 'failed', statusAt: event.data.at, failureReason: event.data.reason };
    case 'CaptionEdited':
      return doc.script ? { ...doc, script: { ...doc.script, description: event.data.description } } : doc;
    case 'VideoDeleted':
      return null;
  }
}

export const videoDetailProjection: Projection = {
  name: 'video-detail',
  handles: ['VideoRequested', 'RenderStageReached', 'VideoRendered', 'RenderFailed', 'CaptionEdited', 'VideoDeleted'],
  collections: [VIDEO_DETAIL],
  async apply(event: RecordedEvent, docs: DocumentStore) {
    const id = event.data.videoId as string;
    await docs.collection<VideoDetailDoc>(VIDEO_DETAIL, { indexes: [['userId']] })
      .apply(id, event.position, (current) => evolveVideoDetail(current, { type: event.type, data: event.data } as VideoEvent));
  },
};
