import { FPS, LEAD_SECONDS, sceneSlots, splitFrames, videoSeconds } from './timeline';

describe('When the video length is chosen', () => {
  it('should pad a short narration up to the bottom of the range and trim a long one to the top', () => {
    expect(videoSeconds(10, 15, 30)).toBe(15);
    expect(videoSeconds(40, 15, 30)).toBe(30);
    expect(videoSeconds(20, 15, 30)).toBeCloseTo(20 + 0.3 + 1.2);
  });
});

describe('When scenes are laid on the timeline', () => {
  const words = [
    { word: 'a', start: 0, end: 1, line: 0 },
    { word: 'b', start: 2, end: 3, line: 1 },
    { word: 'c', start: 5, end: 6, line: 2 },
  ];
  const slots = sceneSlots(3, words, 10);

  it('should show each scene from its line to the next, frame-exact and without gaps', () => {
    expect(slots[0].startFrame).toBe(0);
    expect(slots[1].startFrame).toBe(Math.round((2 + LEAD_SECONDS) * FPS));
    expect(slots[2].endFrame).toBe(10 * FPS);
    for (let i = 1; i < slots.length; i++) expect(slots[i].startFrame).toBe(slots[i - 1].endFrame);
  });
});

describe('When the frames are split between encoders', () => {
  it('should cover every frame once, in contiguous ranges of similar length', () => {
    const ranges = splitFrames(1705, 2, 12, 21);
    expect(ranges).toEqual([{ start: 0, end: 853 }, { start: 853, end: 1705 }]);
  });

  it('should keep a short video in one range', () => {
    expect(splitFrames(120, 2, 12, 21)).toEqual([{ start: 0, end: 120 }]);
  });
});
