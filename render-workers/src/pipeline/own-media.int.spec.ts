import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalDiskBlobStore } from '@app/platform';
import type { RenderedMedia, RenderRequest, SceneMedia } from '@app/domain';
import { DEFAULT_MEDIA_TOOLS, run } from '../shared/exec';
import { aRenderRequest } from '../testing/builders';
import { ensureNativeHelper, frameRgb, meanColour, offlineProviders, probe, quietLogger, tempDir } from '../testing/media';
import { createRenderPipeline, type PipelineStage } from './render-pipeline';

beforeAll(() => ensureNativeHelper());

const ffmpeg = (...args: string[]) => run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-hide_banner', '-v', 'error', '-y', ...args]);

/**
 * The creator's own media in a render (issue 18), with files made here by ffmpeg: a landscape red
 * clip with a loud tone, shorter than its scene, and a landscape blue still; the video's frames at
 * those scenes' times must be theirs (centre-cropped, and letterboxed on black bars), the clip's
 * tone must not be in the sound, and a re-render must reuse what was framed.
 */
describe("When a video shows the creator's own clip and image", () => {
  const root = tempDir('own-media');
  const blobs = new LocalDiskBlobStore(`${root}/blobs`);
  const providers = offlineProviders({ preset: 'ultrafast' });
  let runs: PipelineStage[] = [];
  const pipeline = createRenderPipeline({
    ...providers, blobs, workDir: `${root}/work`, logger: quietLogger(), frame: () => ({ width: 270, height: 480 }), onStageRun: (stage) => runs.push(stage),
  });
  const clip: SceneMedia = { mediaId: 'red-clip', kind: 'clip', blobKey: 'media/user-1/red-clip/original', fit: 'crop' };
  const image: SceneMedia = { mediaId: 'blue-still', kind: 'image', blobKey: 'media/user-1/blue-still/original', fit: 'letterbox' };
  const script = {
    title: 'Colours', description: 'Red, blue and a drawing.',
    narrationScript: ['This first scene is my own red clip, and it lasts a little while.', 'This second scene is my own blue picture, shown whole.', 'The third scene is drawn for me, as usual.'],
    scenes: ['a red scene', 'a blue scene', 'a forest at dawn'],
  };
  const request: RenderRequest = aRenderRequest({ duration: 30, script, sceneMedia: [clip, image, null] });
  let media: RenderedMedia;
  const path = (m: RenderedMedia) => blobs.localPath(m.videoKey)!;
  // Away from the captions (bottom) and the letterbox bars (top and bottom).
  const middle = { x: 0.3, y: 0.35, w: 0.4, h: 0.2 };
  const topBand = { x: 0.1, y: 0.02, w: 0.8, h: 0.08 };

  beforeAll(async () => {
    await ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=640x360:r=25:d=1.5', '-f', 'lavfi', '-i', 'sine=frequency=1000:sample_rate=48000:d=1.5', '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', join(root, 'red.mp4'));
    await ffmpeg('-f', 'lavfi', '-i', 'color=c=blue:s=800x600', '-frames:v', '1', join(root, 'blue.png'));
    await blobs.put(clip.blobKey, readFileSync(join(root, 'red.mp4')), 'video/mp4');
    await blobs.put(image.blobKey, readFileSync(join(root, 'blue.png')), 'image/png');
    runs = [];
    media = await pipeline.run(request, { onStatus: () => undefined });
  }, 180_000);

  it("should show the clip on its scene, centre-cropped to the frame, its last frame held past its end", async () => {
    const [scene] = media.scenes!;
    expect(scene.end - scene.start).toBeGreaterThan(1.5);
    for (const t of [scene.start + 0.6, scene.start + 1.2, scene.end - 0.3]) {
      const { r, g, b } = meanColour(await frameRgb(path(media), t, { width: 32, height: 32 }, middle));
      expect({ t, red: r > 180 && g < 70 && b < 70 }).toEqual({ t, red: true });
      // Cropped, not letterboxed: the top of the frame is red too.
      expect(meanColour(await frameRgb(path(media), t, { width: 32, height: 8 }, topBand)).r).toBeGreaterThan(150);
    }
  });

  it('should show the image on its scene letterboxed: blue in the middle, black bars above', async () => {
    const scene = media.scenes![1];
    for (const t of [scene.start + 0.4, (scene.start + scene.end) / 2, scene.end - 0.3]) {
      const { r, g, b } = meanColour(await frameRgb(path(media), t, { width: 32, height: 32 }, middle));
      expect({ t, blue: b > 150 && r < 70 && g < 70 }).toEqual({ t, blue: true });
      const bar = meanColour(await frameRgb(path(media), t, { width: 32, height: 8 }, topBand));
      expect(Math.max(bar.r, bar.g, bar.b)).toBeLessThan(30);
    }
  });

  it('should draw the other scene, keep a storyboard picture of every scene, and make a whole video', async () => {
    const scene = media.scenes![2];
    const { r, g, b } = meanColour(await frameRgb(path(media), (scene.start + scene.end) / 2, { width: 32, height: 32 }, middle));
    expect(r > 180 && g < 70 && b < 70).toBe(false);
    expect(b > 150 && r < 70 && g < 70).toBe(false);
    for (const s of media.scenes!) expect(await blobs.stat(s.imageKey)).not.toBeNull();
    expect(media.scenes![0].subjects).toBeUndefined();
    const probed = await probe(path(media));
    expect(probed.video).toMatchObject({ codec: 'h264', width: 270, height: 480, fps: 30 });
    expect(probed.video.frames).toBe(Math.round(media.durationSeconds * 30));
    expect(runs).toContain('own-media');
  });

  it("should reuse the framed media on a re-render, and never mix the clip's sound: turning the media off changes the picture only", async () => {
    runs = [];
    await pipeline.run({ ...request, version: 2, captions: { preset: 'boxed', position: 'top', size: 'large', highlight: '#00FFAA' } }, { onStatus: () => undefined });
    expect(runs).toEqual(['picture', 'mux', 'upload']);
    runs = [];
    await pipeline.run({ ...request, version: 3, sceneMedia: undefined }, { onStatus: () => undefined });
    // The sound is the narration and the music only: it is the same mix with or without the clip.
    expect(runs).not.toContain('mix');
    expect(runs).toEqual(expect.arrayContaining(['images', 'picture', 'mux', 'upload']));
  }, 180_000);
});

describe('When a finished video is uploaded to be a video of the creator ("Upload Video")', () => {
  const root = tempDir('import');
  const blobs = new LocalDiskBlobStore(`${root}/blobs`);
  const pipeline = createRenderPipeline({ ...offlineProviders({ preset: 'ultrafast' }), blobs, workDir: `${root}/work`, logger: quietLogger(), frame: () => ({ width: 480, height: 270 }) });

  it('should normalise it to H.264/AAC, faststart, in the frame of its ratio, and report it done with a title to caption', async () => {
    // A square silent clip in another codec and rate: it is letterboxed into 16:9 and gets a silent track.
    await ffmpeg('-f', 'lavfi', '-i', 'testsrc2=s=320x320:r=24:d=2', '-c:v', 'mpeg4', join(root, 'square.mp4'));
    await blobs.put('media/user-1/square/original', readFileSync(join(root, 'square.mp4')), 'video/mp4');
    const statuses: Array<{ status: string; title?: string }> = [];
    const media = await pipeline.run(aRenderRequest({ aspectRatio: '16:9', duration: 2, import: { mediaId: 'square', blobKey: 'media/user-1/square/original', title: 'My square' } }), {
      onStatus: (p) => void statuses.push({ status: p.status, ...(p.script ? { title: p.script.title } : {}) }),
    });
    expect(statuses.map((s) => s.status)).toEqual(['start', 'script', 'video', 'uploading', 'done']);
    expect(statuses.at(-1)).toMatchObject({ title: 'My square' });
    const file = blobs.localPath(media.videoKey)!;
    const probed = await probe(file);
    expect(probed.video).toMatchObject({ codec: 'h264', width: 480, height: 270, fps: 30, pixFmt: 'yuv420p' });
    expect(probed.audio).toMatchObject({ codec: 'aac', sampleRate: 48000 });
    expect(media.durationSeconds).toBeCloseTo(2, 1);
    // faststart: the index comes before the media data.
    const head = readFileSync(file).subarray(0, 64 * 1024).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    expect(head.indexOf('moov')).toBeLessThan(Math.max(head.indexOf('mdat'), 0) || Number.POSITIVE_INFINITY);
    expect(await blobs.stat(media.thumbnailKey!)).not.toBeNull();
  }, 120_000);
});
