import type { WordTiming } from '../narration/port';
import { assTime, buildAss, captionLayout, escapeAss, groupWords } from './ass';

const words = (text: string, line = 0, start = 0, step = 0.3): WordTiming[] =>
  text.split(' ').map((word, i) => ({ word, start: start + i * step, end: start + i * step + step * 0.9, line }));

describe('When narration words are grouped into captions', () => {
  it('should show at most three words at once on a vertical video', () => {
    const groups = groupWords(words('one two three four five six seven'), 3);
    expect(groups.map((g) => g.words.map((w) => w.word).join(' '))).toEqual(['one two three', 'four five six', 'seven']);
  });

  it('should end a group at the end of a clause and at a new narration line', () => {
    const groups = groupWords([...words('Hello there, my friend.', 0), ...words('Next line', 1, 2)], 4);
    expect(groups.map((g) => g.words.map((w) => w.word).join(' '))).toEqual(['Hello there,', 'my friend.', 'Next line']);
  });

  it('should split a group at a long pause', () => {
    const groups = groupWords([{ word: 'wait', start: 0, end: 0.3, line: 0 }, { word: 'now', start: 1.5, end: 1.8, line: 0 }], 3);
    expect(groups).toHaveLength(2);
  });

  it('should keep a group on screen until the next one starts when the gap is short', () => {
    const groups = groupWords(words('a b c d e f'), 3);
    expect(groups[0].end).toBeCloseTo(groups[1].start, 5);
  });
});

describe('When the ASS file is built', () => {
  const ass = buildAss(words('¿Sabías qué? Él comió pingüinos.'), { width: 1080, height: 1920, aspectRatio: '9:16' });

  it('should write one event per word with that word highlighted', () => {
    const events = ass.split('\n').filter((l) => l.startsWith('Dialogue:'));
    expect(events).toHaveLength(5);
    expect(events[0]).toContain('{\\c&H00E5FF&\\fscx112\\fscy112}¿Sabías{\\r} qué?');
    expect(events[1]).toContain('¿Sabías {\\c&H00E5FF&\\fscx112\\fscy112}qué?{\\r}');
  });

  it('should keep Spanish and French accents and use a font that has them', () => {
    expect(ass).toContain('pingüinos.');
    expect(ass).toContain('Él');
    expect(ass).toMatch(/Style: Caption,DejaVu Sans,/);
  });

  it('should size the script to the frame', () => {
    expect(ass).toContain('PlayResX: 1080');
    expect(ass).toContain('PlayResY: 1920');
  });

  it('should escape override braces and backslashes from the narration', () => {
    expect(escapeAss('a {b} \\c')).toBe('a (b) /c');
  });

  it('should format times as h:mm:ss.cc', () => {
    expect(assTime(3661.234)).toBe('1:01:01.23');
    expect(assTime(0)).toBe('0:00:00.00');
  });
});

describe('When captions are placed in the safe zones', () => {
  it('should keep 9:16 captions in the middle band, clear of the bottom fifth and the right-side buttons', () => {
    const layout = captionLayout({ width: 1080, height: 1920, aspectRatio: '9:16' });
    expect(layout.marginV).toBeGreaterThan(1920 * 0.2);
    expect(layout.marginR).toBeGreaterThan(layout.marginL);
    expect(layout.marginV).toBeLessThan(1920 * 0.5);
  });

  it('should put 16:9 and 1:1 captions in the lower third with margins', () => {
    for (const aspectRatio of ['16:9', '1:1'] as const) {
      const layout = captionLayout({ width: 1920, height: 1080, aspectRatio });
      expect(layout.marginV).toBeGreaterThanOrEqual(1080 * 0.05);
      expect(layout.marginV).toBeLessThan(1080 / 3);
      expect(layout.marginL).toBeGreaterThan(0);
    }
  });
});
