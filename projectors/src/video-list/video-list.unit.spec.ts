import { COLLECTIONS, DEFAULT_CAPTION_STYLE, DEFAULT_MUSIC } from '@app/domain';
import { aMedia, aRenderFailed, aScript, aStageReached, aVideoDeleted, aVideoRendered, aVideoRequested, AT } from '../testing/events';
import { projectionSpec } from '../testing/projection-spec';
import { provisionalTitle, videoListProjection } from './video-list';

const spec = projectionSpec(videoListProjection);
const C = COLLECTIONS.videoList;

describe('The video-list read model', () => {
  describe('When a video is requested', () => {
    it('should list it under its topic until the script names it, with the requested length', async () => {
      await spec.given([]).when(aVideoRequested()).then(C, 'v1', { _id: 'v1', userId: 'u1', seriesId: null, title: 'Fun Facts', createdAt: AT, aspectRatio: '9:16', duration: 60, status: null, currentVersion: null });
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

  describe('Given a re-render from the studio with a new title', () => {
    const script2 = { ...aScript, title: 'Owls, again' };
    const rerender = { type: 'RerenderRequested', data: { ...aVideoRequested().data, version: 2, script: script2, imageSeeds: ['0', '1'], voiceId: 'voice-1', captions: DEFAULT_CAPTION_STYLE, music: DEFAULT_MUSIC } };
    const rendered = [aVideoRequested(), aStageReached('script', { script: aScript }), aVideoRendered()];
    const rerendering = [...rendered, rerender];
    // The worker reports the re-render's script at its script stage; its done status carries none.
    const script2Reached = aStageReached('script', { script: script2, version: 2 });
    const done2 = aVideoRendered({ version: 2, script: undefined, media: { ...aMedia, videoKey: 'videos/u1/v1/v2/video.mp4', durationSeconds: 52.2 } });

    it('should keep the title and length of the version on show while it renders', async () => {
      await spec.given(rerendering).when(script2Reached).then(C, 'v1', expect.objectContaining({ title: aScript.title, duration: 47, status: 'script' }));
    });
    it('should switch to the new title and length once the new version is done', async () => {
      await spec.given([...rerendering, script2Reached]).when(done2).then(C, 'v1', expect.objectContaining({ title: 'Owls, again', duration: 52, status: 'done', currentVersion: 2 }));
    });
    it('should stay done with the title of the version on show when the re-render fails', async () => {
      await spec.given([...rerendering, script2Reached]).when({ ...aRenderFailed(), data: { ...aRenderFailed().data, version: 2 } })
        .then(C, 'v1', expect.objectContaining({ title: aScript.title, duration: 47, status: 'done', currentVersion: 1 }));
    });
    it('should take the restored version\'s title', async () => {
      const restored = { type: 'VersionRestored', data: { videoId: 'v1', version: 1, media: aMedia, script: aScript, at: AT } };
      await spec.given([...rerendering, script2Reached, done2]).when(restored).then(C, 'v1', expect.objectContaining({ title: aScript.title, duration: 47, currentVersion: 1 }));
    });
    it('should still mark a first render that failed as failed', async () => {
      await spec.given([aVideoRequested(), aStageReached('script', { script: aScript })]).when(aRenderFailed()).then(C, 'v1', expect.objectContaining({ title: aScript.title, status: 'failed', currentVersion: null }));
    });
  });
});
