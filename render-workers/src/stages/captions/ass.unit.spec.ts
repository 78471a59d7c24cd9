import type { WordTiming } from '../narration/port';
import { CAPTION_PRESET_IDS, DEFAULT_CAPTION_STYLE, type CaptionPresetId, type CaptionStyle } from '@app/domain';
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

describe('When a caption preset is chosen', () => {
  const said = words('Hola amigos, ¿qué tal?');
  const dialogue = (ass: string) => ass.split('\n').filter((l) => l.startsWith('Dialogue:')).map((l) => l.split(',,0,0,0,,')[1]);
  const build = (preset: CaptionPresetId, extra: Partial<CaptionStyle> = {}) => buildAss(said, { width: 1080, height: 1920, aspectRatio: '9:16', style: { ...DEFAULT_CAPTION_STYLE, preset, ...extra } });

  it('should draw each of the six presets differently', () => {
    const all = CAPTION_PRESET_IDS.map((preset) => build(preset));
    expect(new Set(all).size).toBe(CAPTION_PRESET_IDS.length);
  });

  it('should light the spoken word in the highlight colour', () => {
    expect(dialogue(build('classic', { highlight: '#00FFAA' }))[0]).toContain('{\\c&HAAFF00&\\fscx112\\fscy112}Hola{\\r}');
    expect(dialogue(build('outline', { highlight: '#FF0000' }))[0]).toContain('{\\c&H0000FF&}Hola{\\r}');
  });

  it('should pop words in one by one, the earlier ones staying', () => {
    const events = dialogue(build('pop'));
    expect(events[0]).toMatch(/^\{[^}]*\\t\(0,90,[^}]*\}Hola\{\\r\}$/);
    expect(events[1]).toMatch(/^Hola \{[^}]*\}amigos,\{\\r\}$/);
  });

  it('should show one large word at a time', () => {
    const events = dialogue(build('single'));
    expect(events).toHaveLength(4);
    expect(events.map((e) => e.replace(/\{[^}]*\}/g, ''))).toEqual(['Hola', 'amigos,', '¿qué', 'tal?']);
    expect(build('single')).toMatch(/Style: Caption,DejaVu Sans,(\d+),/);
    expect(Number(/Style: Caption,DejaVu Sans,(\d+),/.exec(build('single'))![1])).toBeGreaterThan(Number(/Style: Caption,DejaVu Sans,(\d+),/.exec(build('classic'))![1]) * 1.4);
  });

  it('should write the minimal preset in lower case, keeping accents, smaller and not bold', () => {
    const ass = buildAss(words('Él Comió PINGÜINOS'), { width: 1080, height: 1920, aspectRatio: '9:16', style: { ...DEFAULT_CAPTION_STYLE, preset: 'minimal' } });
    expect(dialogue(ass)[2]).toBe('él comió {\\c&H00E5FF&}pingüinos{\\r}');
    expect(ass).toMatch(/Style: Caption,DejaVu Sans,\d+,&H00FFFFFF,&H00FFFFFF,&H50000000,&H64000000,0,/);
  });

  it('should box the line in the boxed preset', () => {
    expect(build('boxed')).toMatch(/Style: Caption,([^,]*,){14}3,/);
  });

  it('should place the captions at the top, middle or bottom of the safe zone, and scale them', () => {
    const layout = (position: 'top' | 'middle' | 'bottom', size: 'small' | 'medium' | 'large' = 'medium') => captionLayout({ width: 1080, height: 1920, aspectRatio: '9:16' }, position, size);
    expect(layout('top')).toMatchObject({ alignment: 8, marginV: Math.round(1920 * 0.14) });
    expect(layout('middle')).toMatchObject({ alignment: 5 });
    expect(layout('bottom')).toMatchObject({ alignment: 2, marginV: Math.round(1920 * 0.33) });
    expect(layout('bottom', 'large').fontSize).toBeGreaterThan(layout('bottom', 'small').fontSize * 1.5);
  });
});
