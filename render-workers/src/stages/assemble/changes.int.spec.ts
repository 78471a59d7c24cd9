import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LocalDiskBlobStore } from '@app/platform';
import type { CaptionPresetId } from '@app/domain';
import { createRenderPipeline } from '../../pipeline/render-pipeline';
import { aRenderRequest } from '../../testing/builders';
import { ensureNativeHelper, offlineProviders, quietLogger, tempDir } from '../../testing/media';
import { DEFAULT_MEDIA_TOOLS, run } from '../../shared/exec';
import { buildAss, captionChanges, captionEvents } from '../captions/ass';
import { selectExpression } from './changes';
import { createFfmpegAssembler, pictureCaptionEvents, segmentGraph } from './ffmpeg';
import type { PictureRequest } from './port';
import { FPS, GOP, LEAD_SECONDS, frameExactSeconds, sceneSlots, splitFrames } from './timeline';

beforeAll(() => ensureNativeHelper());

/**
 * The least PSNR a frame of the picture may have against its drawing. Measured on this test's 30 s
 * picture: 40 dB at least (veryfast), 35 dB (the quick encode); with the repeats one frame late, 19.5 dB.
 */
const MIN_PSNR_DB = 30;

/**
 * The captions are drawn only on the frames that can differ from the one before; the others repeat
 * it. That is only right if the frames come out exactly as when the captions are drawn on every
 * frame: the same pans, cuts, fades, clips, words and animations at the same frames.
 */
describe('When the captions are drawn on the changing frames only', () => {
  const root = tempDir('changes');
  let request: PictureRequest;

  beforeAll(async () => {
    // Given a 30 s video's picture as the pipeline asks for it (small frames, the offline providers)
    const providers = offlineProviders();
    const pipeline = createRenderPipeline({
      ...providers,
      assembler: { ...providers.assembler, picture: async (asked, signal) => { request = asked; return providers.assembler.picture(asked, signal); } },
      blobs: new LocalDiskBlobStore(`${root}/blobs`), workDir: `${root}/work`, logger: quietLogger(), frame: () => ({ width: 270, height: 480 }),
    });
    await pipeline.run(aRenderRequest({ duration: 30, topic: 'Fun Facts', style: 'comic' }), { onStatus: () => undefined });
  }, 180_000);

  /** Each frame's checksum, as ffmpeg draws the part both ways. */
  const frames = async (picture: PictureRequest, preset: CaptionPresetId, everyFrame: boolean, { snapped = true } = {}) => {
    const seconds = frameExactSeconds(picture.narrationSeconds, picture.minSeconds, picture.maxSeconds);
    const totalFrames = Math.round(seconds * FPS);
    const shifted = picture.words.map((w) => ({ ...w, start: w.start + LEAD_SECONDS, end: w.end + LEAD_SECONDS }));
    const options = { width: picture.width, height: picture.height, aspectRatio: picture.aspectRatio, style: { preset, position: 'bottom' as const, size: 'medium' as const, highlight: '#FFE600' } };
    const assPath = join(root, `${preset}-${snapped ? 'snapped' : 'as-spoken'}.ass`);
    const slots = sceneSlots(picture.images.length, picture.words, seconds);
    // The words' changes moved onto the frames that change anyway, as the picture draws them; or where they were spoken.
    const events = snapped ? pictureCaptionEvents(picture, slots, totalFrames, shifted, options) : captionEvents(shifted, options);
    await writeFile(assPath, buildAss(shifted, options, events));
    const checksums: string[] = [];
    for (const range of splitFrames(totalFrames, 2, 12, 21)) {
      // The changing frames with the repeats filled back in before an encoder, as ffmpeg would (`fps`).
      const { inputs, graph } = segmentGraph(picture, slots, range, totalFrames, { assPath, changes: captionChanges(events) }, { everyFrame, fillRepeats: true });
      const { stdout } = await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', ...inputs.flatMap((i) => ['-i', i]), '-filter_complex', graph, '-map', '[v]', '-fps_mode', 'passthrough', '-f', 'framemd5', '-']);
      checksums.push(...stdout.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => line.split(',').at(-1)!.trim()));
    }
    return { checksums, totalFrames };
  };

  it.each<CaptionPresetId>(['classic', 'pop', 'single'])('should make every frame of the %s captions exactly as drawing on every frame does', async (preset) => {
    // When both parts are drawn on the changing frames only, and on every frame
    const [changing, every] = await Promise.all([frames(request, preset, false), frames(request, preset, true)]);
    // Then the frames are the same, one for one, and as many as the video has
    expect(every.checksums).toHaveLength(every.totalFrames);
    expect(changing.checksums).toHaveLength(every.totalFrames);
    const differing = changing.checksums.flatMap((sum, frame) => (sum === every.checksums[frame] ? [] : [frame]));
    expect(differing).toEqual([]);
  }, 120_000);

  it('should make every frame exactly as drawing on every frame does with the words where they were spoken (no move onto a changing frame)', async () => {
    const [changing, every] = await Promise.all([frames(request, 'classic', false, { snapped: false }), frames(request, 'classic', true, { snapped: false })]);
    expect(changing.checksums).toHaveLength(every.totalFrames);
    expect(changing.checksums.flatMap((sum, frame) => (sum === every.checksums[frame] ? [] : [frame]))).toEqual([]);
  }, 120_000);

  it('should make the frames of a creator\'s clip exactly as drawing on every frame does', async () => {
    // Given the second scene shows a clip of its own length (moving on every frame)
    const seconds = frameExactSeconds(request.narrationSeconds, request.minSeconds, request.maxSeconds);
    const slot = sceneSlots(request.images.length, request.words, seconds)[1];
    const clip = join(root, 'clip.mp4');
    await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${request.width}x${request.height}:rate=${FPS}`, '-frames:v', String(slot.endFrame - slot.startFrame), '-pix_fmt', 'yuv420p', clip]);
    const withClip = { ...request, clips: request.images.map((_, i) => (i === 1 ? clip : null)) };
    // When both ways draw it
    const [changing, every] = await Promise.all([frames(withClip, 'boxed', false), frames(withClip, 'boxed', true)]);
    // Then every frame is the same
    expect(changing.checksums).toHaveLength(every.totalFrames);
    expect(changing.checksums.flatMap((sum, frame) => (sum === every.checksums[frame] ? [] : [frame]))).toEqual([]);
  }, 120_000);

  /**
   * The encoder is handed the changing frames only, and the repeats go back into its stream as
   * skipped pictures. Each frame of the picture must then show what drawing every frame shows, to
   * the encode's own loss: a repeat out of place shows a pan step or a word early or late.
   */
  it.each([
    { encode: 'a full render (veryfast)', preset: 'veryfast', quick: false },
    { encode: 'a re-render\'s quick encode', preset: 'veryfast', quick: true },
    { encode: 'an operator\'s slower preset (medium: three reference frames, so every frame goes to x264)', preset: 'medium', quick: false },
  ])('should encode $encode with each frame in its place and a key frame at each GOP\'s start', async ({ preset, quick }) => {
    // Given the picture as the assembler encodes it
    const outDir = join(root, `picture-${preset}-${quick ? 'quick' : 'full'}`);
    const picture = { ...request, outDir, quick, captions: { preset: 'pop' as const, position: 'bottom' as const, size: 'medium' as const, highlight: '#FFE600' } };
    const { picturePath } = await createFfmpegAssembler({ preset }).picture(picture);
    // When each part's frames are compared with every frame drawn
    const seconds = frameExactSeconds(picture.narrationSeconds, picture.minSeconds, picture.maxSeconds);
    const totalFrames = Math.round(seconds * FPS);
    const shifted = picture.words.map((w) => ({ ...w, start: w.start + LEAD_SECONDS, end: w.end + LEAD_SECONDS }));
    const options = { width: picture.width, height: picture.height, aspectRatio: picture.aspectRatio, style: picture.captions };
    const slots = sceneSlots(picture.images.length, picture.words, seconds);
    const events = pictureCaptionEvents(picture, slots, totalFrames, shifted, options);
    const assPath = join(root, 'pop-every.ass');
    await writeFile(assPath, buildAss(shifted, options, events));
    const ranges = splitFrames(totalFrames, 2, 12, 21);
    const psnr: number[] = [];
    for (const range of ranges) {
      const every = segmentGraph(picture, slots, range, totalFrames, { assPath, changes: captionChanges(events) }, { everyFrame: true });
      const { stderr } = await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'info', '-nostats', ...every.inputs.flatMap((i) => ['-i', i]), '-i', picturePath, '-filter_complex',
        `${every.graph};[${every.inputs.length}:v]trim=start_frame=${range.start}:end_frame=${range.end},setpts=PTS-STARTPTS[p];[p][v]psnr=stats_file=${join(outDir, `psnr-${range.start}.log`)}`, '-f', 'null', '-']);
      expect(stderr).not.toMatch(/error/i);
      const lines = (await readFile(join(outDir, `psnr-${range.start}.log`), 'utf8')).trim().split('\n');
      expect(lines).toHaveLength(range.end - range.start);
      psnr.push(...lines.map((line) => /psnr_avg:(\S+)/.exec(line)![1]).map((db) => (db === 'inf' ? Infinity : Number(db))));
    }
    // Then every frame is there and none is far from its drawing
    expect(psnr).toHaveLength(totalFrames);
    expect(Math.min(...psnr)).toBeGreaterThan(MIN_PSNR_DB);
    // And a key frame starts each part and each GOP in it, as when every frame was encoded (x264 may add one at a cut)
    const { stdout } = await run(DEFAULT_MEDIA_TOOLS.ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', picturePath]);
    const keyFrames = stdout.trim().split('\n').map((line) => line.split(',')).filter(([, flags]) => flags.startsWith('K')).map(([at]) => Math.round(Number(at) * FPS));
    const gopStarts = ranges.flatMap((range) => Array.from({ length: Math.ceil((range.end - range.start) / GOP) }, (_, i) => range.start + i * GOP));
    expect(keyFrames).toEqual(expect.arrayContaining(gopStarts));
  }, 120_000);

  it('should have ffmpeg take the selection of a minute of pan steps', async () => {
    // Given every third frame of a minute, one term each
    const offsets = Array.from({ length: 600 }, (_, i) => i * 3);
    // When ffmpeg selects them from a minute of frames
    const { stdout } = await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=64x64:rate=${FPS}:duration=60`, '-vf', `select='${selectExpression(offsets)}'`, '-fps_mode', 'passthrough', '-f', 'framemd5', '-']);
    // Then exactly those frames come out
    expect(stdout.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => Number(line.split(',')[2]))).toEqual(offsets);
  }, 60_000);
});
