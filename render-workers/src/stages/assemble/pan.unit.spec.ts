import { splitFrames } from './ffmpeg';
import { MIN_PAN_PERIOD, PAN_STEP, panAt, panPath } from './pan';

describe('When a scene is panned', () => {
  const cases = Array.from({ length: 12 }, (_, index) => ({ index, frames: 60 + index * 40 }));

  it.each(cases)('should move scene $index by whole, even pixel steps inside the still ($frames frames)', ({ index, frames }) => {
    const slackX = 130;
    const slackY = 230;
    const path = panPath('seed-1', index, frames, slackX, slackY);
    expect(path.period).toBeGreaterThanOrEqual(MIN_PAN_PERIOD);
    const positions = Array.from({ length: frames }, (_, n) => [panAt(path.x, path.period, n), panAt(path.y, path.period, n)]);
    for (const [x, y] of positions) {
      expect(x % 2).toBe(0);
      expect(y % 2).toBe(0);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(slackX);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(slackY);
    }
    for (let n = 1; n < frames; n++) {
      const dx = Math.abs(positions[n][0] - positions[n - 1][0]);
      const dy = Math.abs(positions[n][1] - positions[n - 1][1]);
      expect([0, PAN_STEP]).toContain(dx);
      expect([0, PAN_STEP]).toContain(dy);
      // A frame either holds still or every moving axis steps together.
      if (n % path.period === 0) expect(dx + dy).toBeGreaterThan(0);
      else expect(dx + dy).toBe(0);
    }
  });

  it('should still move a long scene, only more slowly', () => {
    const path = panPath('seed-2', 0, 900, 130, 230);
    const first = [panAt(path.x, path.period, 0), panAt(path.y, path.period, 0)];
    const last = [panAt(path.x, path.period, 899), panAt(path.y, path.period, 899)];
    expect(first).not.toEqual(last);
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
