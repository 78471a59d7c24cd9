import type { AspectRatio } from '@app/domain';
import type { WordTiming } from '../narration/port';
import { CAPTION_FONT } from '../../shared/paths';

/** Word-by-word captions as an ASS subtitle file, burned in by ffmpeg's libass. */
export interface CaptionOptions {
  width: number;
  height: number;
  aspectRatio: AspectRatio;
  /** Most words on screen at once. */
  maxWords?: number;
  /** Most characters on screen at once. */
  maxChars?: number;
  font?: string;
}

export interface CaptionGroup {
  words: WordTiming[];
  start: number;
  end: number;
}

/** Longest silence inside a group before it is split, seconds. */
const MAX_GAP = 0.6;
/** How long a group lingers after its last word if nothing follows, seconds. */
const HOLD = 0.35;

/**
 * Split the narration's words into the groups shown together: a group ends at the end of a
 * narration line, after a word that ends a clause, at a pause, or when it is full.
 */
export function groupWords(words: readonly WordTiming[], maxWords = 3, maxChars = 18): CaptionGroup[] {
  const groups: CaptionGroup[] = [];
  let current: WordTiming[] = [];
  const flush = () => {
    if (current.length === 0) return;
    groups.push({ words: current, start: current[0].start, end: current[current.length - 1].end });
    current = [];
  };
  for (const word of words) {
    const prev = current[current.length - 1];
    const chars = current.reduce((n, w) => n + w.word.length + 1, 0) + word.word.length;
    if (prev && (prev.line !== word.line || word.start - prev.end > MAX_GAP || current.length >= maxWords || chars > maxChars)) flush();
    current.push(word);
    if (/[.!?;:…,]["'»”)]*$/u.test(word.word)) flush();
  }
  flush();
  // Hold each group until the next starts (short gaps) or briefly after its last word.
  for (let i = 0; i < groups.length; i++) {
    const next = groups[i + 1];
    const held = groups[i].end + HOLD;
    groups[i].end = next ? Math.max(groups[i].end, Math.min(held, next.start)) : held;
  }
  return groups;
}

/** Safe-zone layout: vertical video keeps captions in the middle band, clear of the bottom UI and the right-side buttons. */
export function captionLayout(options: Pick<CaptionOptions, 'width' | 'height' | 'aspectRatio'>) {
  const { width, height, aspectRatio } = options;
  if (aspectRatio === '9:16') {
    return { fontSize: Math.round(width * 0.074), alignment: 2, marginV: Math.round(height * 0.33), marginL: Math.round(width * 0.08), marginR: Math.round(width * 0.17), outline: Math.max(2, Math.round(width * 0.0055)), shadow: Math.max(1, Math.round(width * 0.0025)) };
  }
  const fontSize = Math.round(height * (aspectRatio === '1:1' ? 0.068 : 0.07));
  return { fontSize, alignment: 2, marginV: Math.round(height * 0.1), marginL: Math.round(width * 0.08), marginR: Math.round(width * 0.08), outline: Math.max(2, Math.round(height * 0.006)), shadow: Math.max(1, Math.round(height * 0.003)) };
}

export function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}

/** Text safe inside an ASS event: no override blocks or escapes from the narration. */
export function escapeAss(text: string): string {
  return text.replace(/\\/g, '/').replace(/\{/g, '(').replace(/\}/g, ')').replace(/\r?\n/g, ' ');
}

const ACTIVE = '{\\c&H00E5FF&\\fscx112\\fscy112}';

/** The ASS document: one event per spoken word, showing its group with that word highlighted. */
export function buildAss(words: readonly WordTiming[], options: CaptionOptions): string {
  const layout = captionLayout(options);
  const maxWords = options.maxWords ?? (options.aspectRatio === '9:16' ? 3 : 4);
  const maxChars = options.maxChars ?? (options.aspectRatio === '9:16' ? 18 : 28);
  const font = options.font ?? CAPTION_FONT;
  const header = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${options.width}`,
    `PlayResY: ${options.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Caption,${font},${layout.fontSize},&H00FFFFFF,&H00FFFFFF,&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,${layout.outline},${layout.shadow},${layout.alignment},${layout.marginL},${layout.marginR},${layout.marginV},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  const events: string[] = [];
  for (const group of groupWords(words, maxWords, maxChars)) {
    group.words.forEach((word, i) => {
      const start = i === 0 ? group.start : word.start;
      const end = i + 1 < group.words.length ? group.words[i + 1].start : group.end;
      if (end - start < 0.01) return;
      const text = group.words.map((w, j) => (j === i ? `${ACTIVE}${escapeAss(w.word)}{\\r}` : escapeAss(w.word))).join(' ');
      events.push(`Dialogue: 0,${assTime(start)},${assTime(end)},Caption,,0,0,0,,${text}`);
    });
  }
  return `${[...header, ...events].join('\n')}\n`;
}
