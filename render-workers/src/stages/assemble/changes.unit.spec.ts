import { changingFrames, selectExpression, type PartContents } from './changes';
import type { PanPath } from './pan';

const still: PanPath = { x: { start: 10, direction: 1 }, y: { start: 20, direction: 0 }, period: 3 };
const held: PanPath = { x: { start: 10, direction: 0 }, y: { start: 20, direction: 0 }, period: 1 };

const aPart = (overrides: Partial<PartContents> = {}): PartContents => ({
  range: { start: 0, end: 30 },
  totalFrames: 30,
  scenes: [{ slot: { index: 0, startFrame: 0, endFrame: 30 }, pan: held }],
  captions: [],
  fadeIn: 0,
  fadeOut: 0,
  ...overrides,
});

describe('When the frames of a part that change are found', () => {
  it('should count only the first and last frame of a still that does not move', () => {
    expect(changingFrames(aPart())).toEqual([0, 29]);
  });

  it('should count each step of a pan, counted from its scene start even when the scene began in an earlier part', () => {
    // Given a part that starts 4 frames into a scene panning every 3 frames
    const part = aPart({ range: { start: 4, end: 14 }, totalFrames: 40, scenes: [{ slot: { index: 0, startFrame: 0, endFrame: 40 }, pan: still }] });
    // Then its first frame, the frames 6, 9 and 12 of the scene, and its last frame change (as offsets in the part)
    expect(changingFrames(part)).toEqual([0, 2, 5, 8, 9]);
  });

  it('should count every frame of a clip and the first frame of each scene', () => {
    const part = aPart({ scenes: [
      { slot: { index: 0, startFrame: 0, endFrame: 10 }, pan: held },
      { slot: { index: 1, startFrame: 10, endFrame: 14 }, pan: null },
      { slot: { index: 2, startFrame: 14, endFrame: 30 }, pan: held },
    ] });
    expect(changingFrames(part)).toEqual([0, 10, 11, 12, 13, 14, 29]);
  });

  it('should count the fades and the first frame after them', () => {
    expect(changingFrames(aPart({ fadeIn: 3, fadeOut: 4 }))).toEqual([0, 1, 2, 3, 25, 26, 27, 28, 29]);
  });

  it('should count the frames where each caption change can land and through a moving caption', () => {
    // Given a caption that appears at 0.5 s and grows for 0.09 s, one that ends at 0.7 s, one at 0.81 s
    const part = aPart({ captions: [{ from: 0.5, to: 0.59 }, { from: 0.7, to: 0.7 }, { from: 0.81, to: 0.81 }] });
    // Then a change lands on the first frame at or after it, or the next when exactly on a frame
    // (libass truncates a frame's time to whole milliseconds): frames 15 to 19 (0.5 s to after the
    // growth), 21 and 22 (0.7 s is frame 21 exactly), 25 and 26 (0.81 s is 24.3 frames), beside the part's ends
    expect(changingFrames(part)).toEqual([0, 15, 16, 17, 18, 19, 21, 22, 25, 26, 29]);
  });

  it('should keep marks inside the part', () => {
    const part = aPart({ range: { start: 10, end: 20 }, totalFrames: 40, fadeIn: 3, fadeOut: 3, captions: [{ from: 0.1, to: 0.1 }, { from: 1.3, to: 1.3 }] });
    expect(changingFrames(part)).toEqual([0, 9]);
  });
});

describe('When the changing frames become a select expression', () => {
  it('should write runs as between and single frames as eq', () => {
    expect(selectExpression([0, 3, 4, 5, 9, 12, 13])).toBe('((eq(n,0)+between(n,3,5))+(eq(n,9)+between(n,12,13)))');
  });

  it('should nest a long sum only as deep as a balanced tree', () => {
    // Given a minute of pan steps: 600 single frames
    const expression = selectExpression(Array.from({ length: 600 }, (_, i) => i * 3));
    // Then the parentheses nest 10 deep, not 600 (ffmpeg refuses about 100)
    let depth = 0;
    let deepest = 0;
    for (const c of expression) {
      depth += c === '(' ? 1 : c === ')' ? -1 : 0;
      deepest = Math.max(deepest, depth);
    }
    expect(deepest).toBeLessThanOrEqual(11);
  });
});
