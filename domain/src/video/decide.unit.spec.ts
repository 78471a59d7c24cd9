import { ConflictError, NotFoundError, ValidationError } from '../shared';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import { videoDecider, VIDEO_MESSAGES } from './decide';
import type { VideoEvent, VideoRequested } from './events';

const spec = deciderSpec(videoDecider);
const request = {
  videoId: 'v1', userId: 'u1', seriesId: null, topic: 'Fun Facts', customPrompt: null, language: 'English' as const,
  voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16' as const, duration: 60,
};
const requested: VideoRequested = { type: 'VideoRequested', data: { ...request, requestedAt: NOW } };
const script = { title: 'Ten facts', description: 'A caption', narrationScript: ['Line one.', 'Line two.'] };
const media = { videoKey: 'videos/u1/v1/video.mp4', thumbnailKey: 'videos/u1/v1/thumb.jpg', durationSeconds: 52.4, width: 1080, height: 1920, sizeBytes: 1000 };
const status = (s: string, extra: object = {}) => ({ type: 'RecordRenderStatus' as const, data: { status: s as never, at: NOW, attempt: 0, ...extra }, metadata: meta() });
const reached = (s: 'start' | 'script' | 'audio' | 'images' | 'video' | 'uploading', extra: object = {}): VideoEvent => ({ type: 'RenderStageReached', data: { videoId: 'v1', status: s, at: NOW, attempt: 0, ...extra } });

describe('Video decider', () => {
  describe('When a video is requested', () => {
    it('should record the request', () => {
      spec.given([]).when({ type: 'RequestVideo', data: request, metadata: meta() }).then([requested]);
    });
    it('should refuse an unknown topic with the spec message', () => {
      spec.given([]).when({ type: 'RequestVideo', data: { ...request, topic: 'Cooking' }, metadata: meta() }).thenThrows(ValidationError, 'Invalid topic selected');
    });
    it('should treat a repeated request as done', () => {
      spec.given([requested]).when({ type: 'RequestVideo', data: request, metadata: meta() }).thenNothingHappens();
    });
  });

  describe('When render statuses arrive', () => {
    it('should record each new stage in order', () => {
      spec.given([requested]).when(status('start')).then([reached('start')]);
      spec.given([requested, reached('start')]).when(status('script', { script })).then([reached('script', { script })]);
    });
    it('should ignore a repeated status', () => {
      spec.given([requested, reached('start'), reached('script')]).when(status('script')).thenNothingHappens();
    });
    it('should ignore a late status', () => {
      spec.given([requested, reached('start'), reached('audio')]).when(status('script')).thenNothingHappens();
    });
    it('should record done with its media, once', () => {
      spec.given([requested, reached('uploading')]).when(status('done', { media })).then([{ type: 'VideoRendered', data: { videoId: 'v1', at: NOW, media } }]);
      spec.given([requested, { type: 'VideoRendered', data: { videoId: 'v1', at: NOW, media } }]).when(status('done', { media })).thenNothingHappens();
    });
    it('should refuse done without media', () => {
      spec.given([requested]).when(status('done')).thenThrows(ValidationError);
    });
    it('should record a failure with its reason and then ignore later statuses', () => {
      spec.given([requested, reached('audio')]).when(status('failed', { reason: 'Narration failed' }))
        .then([{ type: 'RenderFailed', data: { videoId: 'v1', at: NOW, reason: 'Narration failed' } }]);
      spec.given([requested, { type: 'RenderFailed', data: { videoId: 'v1', at: NOW, reason: 'x' } }]).when(status('images')).thenNothingHappens();
    });
    it('should ignore statuses of unknown or deleted videos', () => {
      spec.given([]).when(status('start')).thenNothingHappens();
      spec.given([requested, { type: 'VideoDeleted', data: { videoId: 'v1', userId: 'u1', at: NOW, mediaKeys: [] } }]).when(status('start')).thenNothingHappens();
    });
  });

  describe('When the caption is edited', () => {
    const edit = (userId: string, description: string) => ({ type: 'EditCaption' as const, data: { userId, description }, metadata: meta() });
    it('should record the new caption', () => {
      spec.given([requested, reached('script', { script })]).when(edit('u1', 'New caption'))
        .then([{ type: 'CaptionEdited', data: { videoId: 'v1', description: 'New caption', at: NOW } }]);
    });
    it('should refuse before the script exists', () => {
      spec.given([requested]).when(edit('u1', 'x')).thenThrows(ConflictError, VIDEO_MESSAGES.notDone);
    });
    it("should answer not found for another user's video", () => {
      spec.given([requested, reached('script', { script })]).when(edit('u2', 'x')).thenThrows(NotFoundError, 'Video not found');
    });
  });

  describe('When the video is deleted', () => {
    it('should record the deletion with the media to free', () => {
      spec.given([requested, { type: 'VideoRendered', data: { videoId: 'v1', at: NOW, media } }]).when({ type: 'DeleteVideo', data: { userId: 'u1' }, metadata: meta() })
        .then([{ type: 'VideoDeleted', data: { videoId: 'v1', userId: 'u1', at: NOW, mediaKeys: [media.videoKey, media.thumbnailKey] } }]);
    });
    it('should answer not found when deleting twice or for another user', () => {
      const deleted: VideoEvent = { type: 'VideoDeleted', data: { videoId: 'v1', userId: 'u1', at: NOW, mediaKeys: [] } };
      spec.given([requested, deleted]).when({ type: 'DeleteVideo', data: { userId: 'u1' }, metadata: meta() }).thenThrows(NotFoundError);
      spec.given([requested]).when({ type: 'DeleteVideo', data: { userId: 'u2' }, metadata: meta() }).thenThrows(NotFoundError);
    });
  });
});
