import { LocalDiskBlobStore } from '@app/platform';
import type { RenderedMedia } from '@app/domain';
import { createRenderPipeline } from '../../pipeline/render-pipeline';
import { aRenderRequest } from '../../testing/builders';
import { ensureNativeHelper, frameRgb, meanAbsDiff, offlineProviders, quietLogger, tempDir } from '../../testing/media';

beforeAll(() => ensureNativeHelper());

/**
 * The picture is encoded in parts by parallel ffmpeg processes (RENDER_SEGMENTS, 2 by default) and
 * joined: every part must burn in the captions of its own stretch of the narration. A part whose
 * captions started again from the video's start showed the first line's words over the third
 * line's scene in every video.
 */
describe('When a video is encoded in parts', () => {
  const root = tempDir('segments');
  const request = aRenderRequest({ duration: 30, topic: 'Fun Facts', style: 'comic' });
  const render = (segments: number) => {
    const blobs = new LocalDiskBlobStore(`${root}/blobs-${segments}`);
    const pipeline = createRenderPipeline({ ...offlineProviders({ segments }), blobs, workDir: `${root}/work-${segments}`, logger: quietLogger(), frame: () => ({ width: 270, height: 480 }) });
    return pipeline.run(request, { onStatus: () => undefined }).then((media) => ({ media, path: blobs.localPath(media.videoKey)! }));
  };
  let whole: { media: RenderedMedia; path: string };
  let parts: { media: RenderedMedia; path: string };

  beforeAll(async () => {
    whole = await render(1);
    parts = await render(3);
  }, 180_000);

  it('should burn in the same captions at every scene as the video encoded in one part', async () => {
    const captions = { x: 0, y: 0.35, w: 1, h: 0.3 };
    expect(parts.media.scenes!.map((s) => [s.start, s.end])).toEqual(whole.media.scenes!.map((s) => [s.start, s.end]));
    for (const scene of whole.media.scenes!) {
      // Two instants in each scene: the words shown then must be the same in both encodings.
      for (const at of [scene.start + (scene.end - scene.start) / 3, scene.start + (2 * (scene.end - scene.start)) / 3]) {
        const difference = meanAbsDiff(await frameRgb(whole.path, at, { width: 90, height: 40 }, captions), await frameRgb(parts.path, at, { width: 90, height: 40 }, captions));
        expect({ at: Math.round(at * 10) / 10, same: difference < 3 }).toEqual({ at: Math.round(at * 10) / 10, same: true });
      }
    }
  }, 120_000);
});
