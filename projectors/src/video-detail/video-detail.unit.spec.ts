import { COLLECTIONS } from '@app/domain';
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
      await spec.given([aVideoRequested()]).when(aStageReached('script', { script: aScript })).then(C, 'v1', { ...requested, status: 'script', statusAt: AT, script: aScript });
    });
    it('should keep the script through later stages that do not carry it', async () => {
      await spec.given([aVideoRequested(), aStageReached('script', { script: aScript })]).when(aStageReached('images')).then(C, 'v1', expect.objectContaining({ status: 'images', script: aScript }));
    });
    it('should hold the media once rendered', async () => {
      await spec.given([aVideoRequested()]).when(aVideoRendered()).then(C, 'v1', { ...requested, status: 'done', statusAt: AT, media: aMedia, script: aScript });
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

  describe('When an event about an unknown video arrives', () => {
    it('should make no document', async () => {
      await spec.given([]).when(aVideoRendered()).then(C, 'v1', null);
    });
  });
});
