import { COLLECTIONS } from '@app/domain';
import { aRenderFailed, aScript, aStageReached, aVideoDeleted, aVideoRendered, aVideoRequested, AT } from '../testing/events';
import { projectionSpec } from '../testing/projection-spec';
import { provisionalTitle, videoListProjection } from './video-list';

const spec = projectionSpec(videoListProjection);
const C = COLLECTIONS.videoList;

describe('The video-list read model', () => {
  describe('When a video is requested', () => {
    it('should list it under its topic until the script names it, with the requested length', async () => {
      await spec.given([]).when(aVideoRequested()).then(C, 'v1', { _id: 'v1', userId: 'u1', seriesId: null, title: 'Fun Facts', createdAt: AT, aspectRatio: '9:16', duration: 60, status: null });
    });
    it('should call a custom prompt by the prompt, cut to the title limit', () => {
      expect(provisionalTitle('Custom Topic', '  The life of owls  ')).toBe('The life of owls');
      expect(provisionalTitle('Custom Topic', 'x'.repeat(150))).toHaveLength(100);
    });
  });

  describe('Given a requested video', () => {
    it('should take the title from the script and follow the status', async () => {
      await spec.given([aVideoRequested()]).when(aStageReached('audio', { script: aScript })).then(C, 'v1', expect.objectContaining({ title: aScript.title, status: 'audio' }));
    });
    it('should show the real length, rounded, once rendered', async () => {
      await spec.given([aVideoRequested()]).when(aVideoRendered()).then(C, 'v1', expect.objectContaining({ status: 'done', duration: 47 }));
    });
    it('should mark a failed render', async () => {
      await spec.given([aVideoRequested()]).when(aRenderFailed()).then(C, 'v1', expect.objectContaining({ status: 'failed' }));
    });
    it('should drop a deleted video', async () => {
      await spec.given([aVideoRequested()]).when(aVideoDeleted()).then(C, 'v1', null);
    });
    it('should change nothing on a replay', async () => {
      await spec.given([aVideoRequested()]).when(aVideoRendered()).thenReplayChangesNothing(C, 'v1');
    });
  });
});
