import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_MEDIA_TOOLS, run } from '../../../shared/exec';
import { tempDir } from '../../../testing/media';
import { selectExpression } from '../changes';
import { splitNalUnits } from './bitstream';
import { insertRepeats, repeatsAfter } from './repeats';

/**
 * A render hands x264 only the frames that change and puts each repeat back as a skipped picture.
 * The stream must decode, in a decoder that refuses any error, to exactly the frames x264 encoded,
 * each shown again for its repeats: for every kind of stream a render writes.
 */
describe('When repeats are put back into an x264 stream as skipped pictures', () => {
  const root = tempDir('h264-repeats');
  const FRAMES = 240;
  // Every third frame changes, as a pan steps, and a run of frames in a row, as a fade.
  const encoded = Array.from({ length: FRAMES }, (_, frame) => frame).filter((frame) => frame % 3 === 0 || (frame > 100 && frame < 120));

  /** x264's stream of the encoded frames of a moving test picture. */
  const encode = async (name: string, x264: string[]) => {
    const out = join(root, `${name}.h264`);
    await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=270x480:rate=30:duration=${FRAMES / 30}`,
      '-vf', `select='${selectExpression(encoded)}'`, '-fps_mode', 'passthrough', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-profile:v', 'high', ...x264, '-f', 'h264', out]);
    return out;
  };

  /** Each decoded frame's checksum; ffmpeg stops at the first error it finds. */
  const decoded = async (path: string) => {
    const { stdout } = await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-err_detect', 'explode', '-xerror', '-f', 'h264', '-i', path, '-f', 'framemd5', '-']);
    return stdout.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => line.split(',').at(-1)!.trim());
  };

  it.each([
    { name: 'quick', stream: 'the quick encode of a re-render (ultrafast, CABAC, 8x8 transforms)', x264: ['-preset', 'ultrafast', '-bf', '0', '-g', '90', '-x264-params', 'cabac=1:8x8dct=1'] },
    { name: 'veryfast', stream: 'a full render (veryfast: CABAC, weighted prediction)', x264: ['-preset', 'veryfast', '-bf', '0', '-g', '90', '-x264-params', 'subme=1'] },
    { name: 'cavlc', stream: 'CAVLC (ultrafast as it comes)', x264: ['-preset', 'ultrafast', '-bf', '0', '-g', '90'] },
    { name: 'wrapping', stream: 'frame_num wrapping between key frames (a short GOP: 32 frame numbers)', x264: ['-preset', 'ultrafast', '-bf', '0', '-g', '20', '-x264-params', 'cabac=1'] },
  ])('should decode $stream to the encoded frames, each repeated in its place', async ({ name, x264 }) => {
    // Given x264's stream of the changing frames only
    const path = await encode(name, x264);
    const original = await readFile(path);
    // When the repeats are put back
    const repeats = repeatsAfter(encoded, FRAMES);
    const withRepeats = insertRepeats(original, repeats);
    const spliced = `${path}.spliced`;
    await writeFile(spliced, withRepeats);
    // Then it decodes without an error to every frame of the part, each the encoded one before it
    const [pictures, frames] = await Promise.all([decoded(path), decoded(spliced)]);
    expect(pictures).toHaveLength(encoded.length);
    expect(frames).toEqual(pictures.flatMap((sum, i) => Array<string>(repeats[i] + 1).fill(sum)));
    // And each skipped picture costs a few dozen bytes
    const added = splitNalUnits(withRepeats).length - splitNalUnits(original).length;
    expect(added).toBe(FRAMES - encoded.length);
    expect((withRepeats.length - original.length) / added).toBeLessThan(100);
  }, 60_000);

  it.each([
    { name: 'b-frames', stream: 'B-frames (picture order counted apart from frame_num)', x264: ['-preset', 'ultrafast', '-bf', '2', '-x264-params', 'b-adapt=0'], refusal: /picture order/ },
    { name: 'three-refs', stream: 'three reference frames (a skipped picture would push out one x264 predicts from)', x264: ['-preset', 'ultrafast', '-bf', '0', '-x264-params', 'ref=3'], refusal: /more than one reference frame/ },
  ])('should refuse a stream with $stream', async ({ name, x264, refusal }) => {
    const path = await encode(name, x264);
    expect(() => insertRepeats(readFileSync(path), repeatsAfter(encoded, FRAMES))).toThrow(refusal);
  }, 60_000);

  it('should refuse repeats that do not match the stream\'s pictures', async () => {
    const path = await encode('count', ['-preset', 'ultrafast', '-bf', '0']);
    expect(() => insertRepeats(readFileSync(path), repeatsAfter(encoded.slice(1), FRAMES))).toThrow(/pictures/);
  }, 60_000);
});

describe('repeatsAfter', () => {
  it('given the encoded frames of a part, then each counts the frames up to the next one or the part\'s end', () => {
    expect(repeatsAfter([0, 1, 4, 6], 10)).toEqual([0, 2, 1, 3]);
  });
});
