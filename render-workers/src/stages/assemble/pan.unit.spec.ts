import { MIN_PAN_PERIOD, OVERSCAN, PAN_STEP, overscan, panAt, panExpression, panFor, panPath, type PanAxis } from './pan';

/** Evaluates a crop expression of panExpression at frame `n` of the part it was written for. */
function evaluate(expression: string, n: number): number {
  if (/^\d+$/.test(expression)) return Number(expression);
  const match = /^(\d+)([+-])(\d+)\*floor\(\(n\+(\d+)\)\/(\d+)\)$/.exec(expression);
  if (!match) throw new Error(`not a pan expression: ${expression}`);
  const [, start, sign, step, offset, period] = match;
  return Number(start) + (sign === '+' ? 1 : -1) * Number(step) * Math.floor((n + Number(offset)) / Number(period));
}

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

  it('should keep the travel centred in the slack', () => {
    const path = panPath('seed-3', 0, 300, 130, 230);
    for (const [axis, slack] of [[path.x, 130], [path.y, 230]] as const) {
      if (axis.direction === 0) continue;
      const ends = [panAt(axis, path.period, 0), panAt(axis, path.period, 299)];
      const low = Math.min(...ends);
      const high = Math.max(...ends);
      expect(Math.abs(low - (slack - high))).toBeLessThanOrEqual(2);
    }
  });
});

describe('When the same seed is rendered again', () => {
  it('should choose the same pan for every scene', () => {
    for (let index = 0; index < 8; index++) {
      expect(panFor('video-42', index)).toEqual(panFor('video-42', index));
      expect(panPath('video-42', index, 120, 130, 230)).toEqual(panPath('video-42', index, 120, 130, 230));
    }
  });

  it('should vary the pans from scene to scene', () => {
    const pans = new Set(Array.from({ length: 12 }, (_, index) => JSON.stringify(panFor('video-42', index))));
    expect(pans.size).toBeGreaterThan(2);
  });
});

describe('When a pan is written as an ffmpeg crop expression', () => {
  const path = panPath('seed-4', 1, 200, 130, 230);

  it.each([0, 37, 100])('should give the crop position of each frame of a part starting %i frames into the scene', (offset) => {
    for (const axis of [path.x, path.y]) {
      for (let n = 0; n < 200 - offset; n++) {
        expect(evaluate(panExpression(axis, path.period, offset), n)).toBe(panAt(axis, path.period, n + offset));
      }
    }
  });

  it('should hold an axis that does not move at its start', () => {
    const still: PanAxis = { start: 64, direction: 0 };
    expect(panExpression(still, 3, 10)).toBe('64');
  });
});

describe('When a still is enlarged to pan inside it', () => {
  it.each([[1080, 1920], [1920, 1080], [1080, 1080], [270, 480]])('should scale a %ix%i frame by the overscan to even sizes', (width, height) => {
    const still = overscan(width, height);
    expect(still.width % 2).toBe(0);
    expect(still.height % 2).toBe(0);
    expect(Math.abs(still.width - width * OVERSCAN)).toBeLessThanOrEqual(1);
    expect(Math.abs(still.height - height * OVERSCAN)).toBeLessThanOrEqual(1);
  });
});
