import type { CaptionEvent } from '../captions/ass';
import { changingFrames, selectExpression, snapCaptionChanges, timeLandingOn, type PartContents } from './changes';
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
    // Then a change lands on the first frame at or after it, and also on the next when exactly at a
    // frame's time (libass truncates a frame's time to whole milliseconds): frames 15 to 18 (0.5 s is
    // frame 15 exactly, and the growth ends at 17.7 frames), 21 and 22 (0.7 s is frame 21 exactly),
    // and 25 alone (0.81 s is 24.3 frames), beside the part's ends
    expect(changingFrames(part)).toEqual([0, 15, 16, 17, 18, 21, 22, 25, 29]);
  });

  it('should count one frame for a change between two frames, two for one exactly at a frame', () => {
    // Given changes at 0.51 s (15.3 frames), 0.6 s (frame 18 exactly) and 0.79 s (23.7 frames)
    const part = aPart({ captions: [{ from: 0.51, to: 0.51 }, { from: 0.6, to: 0.6 }, { from: 0.79, to: 0.79 }] });
    // Then 16 alone, 18 and 19, and 24 alone
    expect(changingFrames(part)).toEqual([0, 16, 18, 19, 24, 29]);
  });

  it('should keep marks inside the part', () => {
    const part = aPart({ range: { start: 10, end: 20 }, totalFrames: 40, fadeIn: 3, fadeOut: 3, captions: [{ from: 0.1, to: 0.1 }, { from: 1.3, to: 1.3 }] });
    expect(changingFrames(part)).toEqual([0, 9]);
  });
});

describe("When the captions' changes are moved onto frames that change anyway", () => {
  const word = (start: number, end: number, text = 'word'): CaptionEvent => ({ start, end, text, moves: 0 });
  const frameOf = (seconds: number) => Math.ceil(seconds * 30 - 1e-6);

  it('should write a time that lands on its frame alone, never on a frame\'s own time', () => {
    // Given frames 1 to 6 (frame 3 is at 0.1 s exactly)
    const times = [1, 2, 3, 4, 5, 6].map(timeLandingOn);
    // Then each time falls after the frame before and before its own frame
    expect(times).toEqual([0.03, 0.06, 0.09, 0.13, 0.16, 0.19]);
    expect(times.map(frameOf)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("should move a word's start and end by a frame at most onto a pan's steps, the frame before first", () => {
    // Given a pan stepping on frames 15, 18, 21 and 24, and a word from 0.54 s (frame 17) to 0.74 s (frame 23)
    const moving = new Set([15, 18, 21, 24]);
    // When its changes are moved
    const [moved] = snapCaptionChanges([word(0.54, 0.74)], moving);
    // Then it shows from frame 18 (the one after: 16 does not step) to frame 24 (the one after)
    expect([frameOf(moved.start), frameOf(moved.end)]).toEqual([18, 24]);
    // And one from 0.71 s (frame 22) moves to the step before it
    expect(frameOf(snapCaptionChanges([word(0.71, 0.8)], moving)[0].start)).toBe(21);
    // And changes exactly at a step's time (0.6 s, 0.7 s) stay on it, written to land on it alone
    const [kept] = snapCaptionChanges([word(0.6, 0.7)], moving);
    expect([kept.start, kept.end]).toEqual([timeLandingOn(18), timeLandingOn(21)]);
  });

  it('should keep a short word on the screen and the words in their order', () => {
    // Given words of two frames each back to back (frames 20–22, 22–24, 24–26) and a step only on frame 21
    const events = [word(0.64, 0.73, 'a'), word(0.73, 0.8, 'b'), word(0.8, 0.86, 'c')];
    const moved = snapCaptionChanges(events, new Set([21]));
    // Then every word still shows on a frame at least, one after the other
    const frames = moved.map((e) => [frameOf(e.start), frameOf(e.end)]);
    for (const [start, end] of frames) expect(end).toBeGreaterThan(start);
    for (let i = 1; i < frames.length; i++) expect(frames[i][0]).toBeGreaterThanOrEqual(frames[i - 1][1]);
    // And the text and the words' count are what they were
    expect(moved.map((e) => e.text)).toEqual(['a', 'b', 'c']);
  });

  it('should leave the words where they were spoken when nothing else changes near them', () => {
    const moved = snapCaptionChanges([word(0.54, 0.74)], new Set([0, 100]));
    expect(moved.map((e) => [frameOf(e.start), frameOf(e.end)])).toEqual([[17, 23]]);
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
