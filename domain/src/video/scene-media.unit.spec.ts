import { ConflictError, ValidationError } from '../shared';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import type { SceneMedia } from '../messages/render';
import { videoDecider, VIDEO_MESSAGES } from './decide';
import type { VideoEvent, VideoRequested } from './events';
import type { StudioCommand } from './commands';
import { evolveVideo, hasUnrenderedEdits, initialVideoState, type PresentVideo } from './state';

const spec = deciderSpec(videoDecider);
const request = {
  videoId: 'v1', userId: 'u1', seriesId: null, topic: 'Fun Facts', customPrompt: null, language: 'English' as const,
  voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16' as const, duration: 15,
};
const clip: SceneMedia = { mediaId: 'm-clip', kind: 'clip', blobKey: 'media/u1/m-clip/original', fit: 'crop' };
const image: SceneMedia = { mediaId: 'm-img', kind: 'image', blobKey: 'media/u1/m-img/original', fit: 'letterbox' };
const script = { title: 'Ten facts', description: 'A caption', narrationScript: ['Line one.', 'Line two.', 'Line three.'], scenes: ['a fox', 'a lake', 'a tower'] };
const media = { videoKey: 'videos/u1/v1/video.mp4', thumbnailKey: null, durationSeconds: 15, width: 1080, height: 1920, sizeBytes: 1000 };
const asked = (sceneMedia?: Array<SceneMedia | null>): VideoRequested => ({ type: 'VideoRequested', data: { ...request, ...(sceneMedia ? { sceneMedia } : {}), requestedAt: NOW } });
const finished = (first: VideoRequested): VideoEvent[] => [
  first,
  { type: 'RenderStageReached', data: { videoId: 'v1', status: 'script', at: NOW, attempt: 1, script } },
  { type: 'VideoRendered', data: { videoId: 'v1', at: NOW, media, script } },
];
const studio = <T extends StudioCommand['type']>(type: T, data: object = {}, userId = 'u1') => ({ type, data: { userId, ...data }, metadata: meta() }) as Extract<StudioCommand, { type: T }>;
const state = (events: VideoEvent[]) => events.reduce(evolveVideo, initialVideoState()) as PresentVideo;
const used = (index: number, item: SceneMedia | null): VideoEvent => ({ type: 'SceneMediaChanged', data: { videoId: 'v1', index, media: item, at: NOW } });

describe("The creator's own media in a video", () => {
  describe('Given a video asked with library items', () => {
    it('should give them to the scenes in order, the scenes past them a generated picture', () => {
      const { studio: s } = state(finished(asked([clip, image])));
      expect(s.draft!.sceneMedia).toEqual([clip, image, null]);
      expect(s.versions[0].spec!.sceneMedia).toEqual([clip, image, null]);
      expect(hasUnrenderedEdits(s)).toBe(false);
    });

    it('should not show items past the last scene', () => {
      expect(state(finished(asked([null, null, null, clip]))).studio.draft!.sceneMedia).toBeUndefined();
    });
  });

  describe('Given a finished video', () => {
    const done = finished(asked());

    it("should put a library item on a scene in place of its picture", () => {
      spec.given(done).when(studio('UseSceneMedia', { index: 1, media: clip })).then([used(1, clip)]);
      const after = state([...done, used(1, clip)]);
      expect(after.studio.draft!.sceneMedia).toEqual([null, clip, null]);
      expect(hasUnrenderedEdits(after.studio)).toBe(true);
    });

    it('should take it back (the generated picture again), and then have nothing left to render', () => {
      const withClip = [...done, used(1, clip)];
      spec.given(withClip).when(studio('UseSceneMedia', { index: 1, media: null })).then([used(1, null)]);
      expect(hasUnrenderedEdits(state([...withClip, used(1, null)]).studio)).toBe(false);
      spec.given(done).when(studio('UseSceneMedia', { index: 1, media: null })).thenNothingHappens();
    });

    it('should refuse a scene that does not exist, and another user', () => {
      spec.given(done).when(studio('UseSceneMedia', { index: 3, media: clip })).thenThrows(ValidationError, 'There is no scene with that number');
      spec.given(done).when(studio('UseSceneMedia', { index: 0, media: clip }, 'u2')).thenThrows(Error, VIDEO_MESSAGES.notFound);
    });

    it('should move the items with their scenes, and drop a removed scene\'s', () => {
      const after = state([...done, used(0, clip), used(2, image), { type: 'ScenesArranged', data: { videoId: 'v1', order: [2, 0], at: NOW } }]);
      expect(after.studio.draft!.sceneMedia).toEqual([image, clip]);
    });

    it('should give the scene its generated picture back when the picture is drawn again', () => {
      const after = state([...done, used(0, clip), { type: 'SceneImageRegenerated', data: { videoId: 'v1', index: 0, seed: 'abc', at: NOW } }]);
      expect(after.studio.draft!.sceneMedia).toEqual([null, null, null]);
    });

    it('should render the draft\'s items in the next version', () => {
      spec.given([...done, used(2, image)]).when(studio('RequestRerender')).then([{
        type: 'RerenderRequested',
        data: expect.objectContaining({ version: 2, sceneMedia: [null, null, image] }) as never,
      }]);
    });

    it('should render without the first request\'s items once they were all taken back', () => {
      const events = [...finished(asked([clip])), used(0, null)];
      const [rerender] = videoDecider.decide(studio('RequestRerender'), state(events));
      expect(rerender.type === 'RerenderRequested' && rerender.data.sceneMedia).toBeFalsy();
    });
  });

  describe('Given a video uploaded finished', () => {
    it('should refuse studio edits', () => {
      const uploaded: VideoRequested = { type: 'VideoRequested', data: { ...request, import: { mediaId: 'm', blobKey: 'media/u1/m/original', title: 'My cut' }, requestedAt: NOW } };
      spec.given(finished(uploaded)).when(studio('UseSceneMedia', { index: 0, media: clip })).thenThrows(ConflictError, VIDEO_MESSAGES.uploaded);
    });
  });
});
