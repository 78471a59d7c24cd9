import { COLLECTIONS, DEFAULT_CAPTION_STYLE, DEFAULT_MUSIC } from '@app/domain';
import { aCaptionEdited, aMedia, aRenderFailed, aScript, aStageReached, aVideoDeleted, aVideoRendered, aVideoRequested, AT } from '../testing/events';
import { projectionSpec } from '../testing/projection-spec';
import { videoDetailProjection } from './video-detail';

const spec = projectionSpec(videoDetailProjection);
const C = COLLECTIONS.videoDetail;
const requested = {
  _id: 'v1', userId: 'u1', seriesId: null, topic: 'Fun Facts', customPrompt: null, language: 'English', style: 'anime', voiceid: 'voice-1',
  aspectRatio: '9:16', requestedDuration: 60, createdAt: AT, status: null, statusAt: null, script: null, media: null, failureReason: null,
};

describe('The video-detail read model', () => {
  describe('When a video is requested', () => {
    it('should hold what the detail page reads, with no status yet', async () => {
      await spec.given([]).when(aVideoRequested()).then(C, 'v1', requested);
    });
  });

  describe('Given a requested video', () => {
    it('should record each stage reached, with the script once written', async () => {
      await spec.given([aVideoRequested()]).when(aStageReached('script', { script: aScript })).then(C, 'v1', {
        ...requested, status: 'script', statusAt: AT, script: aScript,
        studio: expect.objectContaining({ version: 1, currentVersion: null, draft: expect.objectContaining({ voiceId: 'voice-1', imageSeeds: aScript.narrationScript.map((_, i) => String(i)) }) }),
      });
    });
    it('should keep the script through later stages that do not carry it', async () => {
      await spec.given([aVideoRequested(), aStageReached('script', { script: aScript })]).when(aStageReached('images')).then(C, 'v1', expect.objectContaining({ status: 'images', script: aScript }));
    });
    it('should hold the media once rendered', async () => {
      await spec.given([aVideoRequested()]).when(aVideoRendered()).then(C, 'v1', {
        ...requested, status: 'done', statusAt: AT, media: aMedia, script: aScript,
        studio: expect.objectContaining({ currentVersion: 1, versions: [expect.objectContaining({ version: 1, media: aMedia })] }),
      });
    });
    it('should hold the reason of a failed render', async () => {
      await spec.given([aVideoRequested()]).when(aRenderFailed('The render failed while writing the script (3 attempts): timeout')).then(C, 'v1', expect.objectContaining({ status: 'failed', failureReason: 'The render failed while writing the script (3 attempts): timeout' }));
    });
    it('should be gone once deleted', async () => {
      await spec.given([aVideoRequested(), aVideoRendered()]).when(aVideoDeleted()).then(C, 'v1', null);
    });
  });

  describe('Given a rendered video', () => {
    it('should replace the caption with the edited one', async () => {
      await spec.given([aVideoRequested(), aVideoRendered()]).when(aCaptionEdited('New caption')).then(C, 'v1', expect.objectContaining({ script: { ...aScript, description: 'New caption' } }));
    });
    it('should change nothing when the same event is applied again (a replay)', async () => {
      await spec.given([aVideoRequested(), aVideoRendered()]).when(aCaptionEdited('New caption')).thenReplayChangesNothing(C, 'v1');
    });
  });

  describe('Given a re-render from the studio', () => {
    const rerender = { type: 'RerenderRequested', data: { ...aVideoRequested().data, version: 2, script: aScript, imageSeeds: ['0', '1'], voiceId: 'voice-2', captions: DEFAULT_CAPTION_STYLE, music: DEFAULT_MUSIC } };
    const media2 = { ...aMedia, videoKey: 'videos/u1/v1/v2/video.mp4' };

    it('should keep the last good version playing while the new one renders, its stages in the status', async () => {
      await spec.given([aVideoRequested(), aVideoRendered()]).when(rerender).then(C, 'v1', expect.objectContaining({ status: null, media: aMedia }));
      await spec.given([aVideoRequested(), aVideoRendered(), rerender]).when(aStageReached('audio', { version: 2 })).then(C, 'v1', expect.objectContaining({ status: 'audio', media: aMedia }));
    });
    it('should switch to the new version once it is done, and keep both', async () => {
      const done2 = { ...aVideoRendered(), data: { ...aVideoRendered().data, media: media2, version: 2 } };
      await spec.given([aVideoRequested(), aVideoRendered(), rerender]).when(done2)
        .then(C, 'v1', expect.objectContaining({ status: 'done', media: media2, studio: expect.objectContaining({ currentVersion: 2, versions: [expect.objectContaining({ version: 1 }), expect.objectContaining({ version: 2 })] }) }));
    });
    it('should stay done on the last good version when the new one fails, the failure the re-render\'s own', async () => {
      const failed2 = { ...aRenderFailed('The render failed while mixing the audio (3 attempts): ffmpeg exited with 1'), data: { ...aRenderFailed().data, reason: 'The render failed while mixing the audio (3 attempts): ffmpeg exited with 1', version: 2 } };
      await spec.given([aVideoRequested(), aVideoRendered(), rerender, aStageReached('audio', { version: 2 })]).when(failed2).then(C, 'v1', expect.objectContaining({
        status: 'done', media: aMedia, script: aScript, failureReason: null,
        studio: expect.objectContaining({ version: 2, currentVersion: 1, lastRerenderFailure: { version: 2, reason: 'The render failed while mixing the audio (3 attempts): ffmpeg exited with 1', at: AT } }),
      }));
    });
    it('should ignore a superseded render\'s late status', async () => {
      await spec.given([aVideoRequested(), aVideoRendered(), rerender]).when(aRenderFailed('late')).then(C, 'v1', expect.objectContaining({ status: null, failureReason: null }));
    });
  });

  describe('When an event about an unknown video arrives', () => {
    it('should make no document', async () => {
      await spec.given([]).when(aVideoRendered()).then(C, 'v1', null);
    });
  });
});
