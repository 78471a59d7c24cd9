import { DEFAULT_CAPTION_STYLE, type AspectRatio, type CaptionPosition, type CaptionPresetId, type CaptionSize, type CaptionStyle } from '@app/domain';
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
  /** The creator's preset, position, size and highlight colour; the classic look when absent. */
  style?: CaptionStyle;
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

const SIZE_SCALE: Record<CaptionSize, number> = { small: 0.8, medium: 1, large: 1.25 };

/**
 * Safe-zone layout. Vertical video: 'bottom' sits a third of the way up, clear of the platforms'
 * caption, buttons and progress bar; 'top' sits below the top bar; the right margin leaves the
 * side buttons free. Wide and square video: a tenth of the height from the edge.
 */
export function captionLayout(options: Pick<CaptionOptions, 'width' | 'height' | 'aspectRatio'>, position: CaptionPosition = 'bottom', size: CaptionSize = 'medium') {
  const { width, height, aspectRatio } = options;
  const scale = SIZE_SCALE[size];
  const alignment = position === 'top' ? 8 : position === 'middle' ? 5 : 2;
  if (aspectRatio === '9:16') {
    const marginV = position === 'top' ? Math.round(height * 0.14) : position === 'middle' ? 0 : Math.round(height * 0.33);
    return { fontSize: Math.round(width * 0.074 * scale), alignment, marginV, marginL: Math.round(width * 0.08), marginR: Math.round(width * 0.17), outline: Math.max(2, Math.round(width * 0.0055 * scale)), shadow: Math.max(1, Math.round(width * 0.0025)) };
  }
  const fontSize = Math.round(height * (aspectRatio === '1:1' ? 0.068 : 0.07) * scale);
  const marginV = position === 'middle' ? 0 : Math.round(height * (position === 'top' ? 0.08 : 0.1));
  return { fontSize, alignment, marginV, marginL: Math.round(width * 0.08), marginR: Math.round(width * 0.08), outline: Math.max(2, Math.round(height * 0.006 * scale)), shadow: Math.max(1, Math.round(height * 0.003)) };
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

/** `#RRGGBB` as an ASS colour (`&HBBGGRR&`). */
export function assColour(hex: string): string {
  const rgb = hex.replace('#', '').toUpperCase();
  return `&H${rgb.slice(4, 6)}${rgb.slice(2, 4)}${rgb.slice(0, 2)}&`;
}

type Layout = ReturnType<typeof captionLayout>;

/** How one preset draws: its style line, how many words it groups, and the text of each word's event. */
interface PresetLook {
  style(layout: Layout, font: string, highlight: string): string;
  maxWords?: (aspectRatio: AspectRatio) => number;
  /** The text shown while word `active` of `group` is spoken (words already escaped). */
  text(group: string[], active: number, highlight: string): string;
  /** How long the text moves after its event starts (its `\t` animation), seconds. */
  moves?: number;
}

const styleLine = (font: string, size: number, primary: string, outlineColour: string, back: string, bold: boolean, borderStyle: 1 | 3, outline: number, shadow: number, layout: Layout) =>
  `Style: Caption,${font},${size},${primary},&H00FFFFFF,${outlineColour},${back},${bold ? -1 : 0},0,0,0,100,100,0,0,${borderStyle},${outline},${shadow},${layout.alignment},${layout.marginL},${layout.marginR},${layout.marginV},1`;

const WHITE = '&H00FFFFFF';
const BLACK = '&H00000000';
/** How long the pop preset's newest word grows to full size, ms. */
const POP_MS = 90;

/** The six looks; every one keeps the words readable on any picture (outline, box or shadow). */
const PRESETS: Record<CaptionPresetId, PresetLook> = {
  classic: {
    style: (l, font) => styleLine(font, l.fontSize, WHITE, BLACK, '&H80000000', true, 1, l.outline, l.shadow, l),
    text: (group, active, hl) => group.map((w, j) => (j === active ? `{\\c${hl}\\fscx112\\fscy112}${w}{\\r}` : w)).join(' '),
  },
  boxed: {
    style: (l, font) => styleLine(font, l.fontSize, WHITE, '&H50000000', '&H50000000', true, 3, Math.round(l.outline * 2.2), 0, l),
    text: (group, active, hl) => group.map((w, j) => (j === active ? `{\\c${hl}}${w}{\\r}` : w)).join(' '),
  },
  pop: {
    style: (l, font) => styleLine(font, l.fontSize, WHITE, BLACK, '&H80000000', true, 1, l.outline, l.shadow, l),
    // The words said so far stay; the newest pops from small to full size in its colour.
    text: (group, active, hl) => group.slice(0, active + 1).map((w, j) => (j === active ? `{\\c${hl}\\fscx55\\fscy55\\t(0,${POP_MS},\\fscx100\\fscy100)}${w}{\\r}` : w)).join(' '),
    moves: POP_MS / 1000,
  },
  outline: {
    // A heavy black outline reads on any picture; the spoken word takes the colour, not the outline.
    style: (l, font) => styleLine(font, l.fontSize, WHITE, BLACK, '&H80000000', true, 1, Math.round(l.outline * 2.4), 0, l),
    text: (group, active, hl) => group.map((w, j) => (j === active ? `{\\c${hl}}${w}{\\r}` : w)).join(' '),
  },
  single: {
    style: (l, font) => styleLine(font, Math.round(l.fontSize * 1.6), WHITE, BLACK, '&H80000000', true, 1, Math.round(l.outline * 1.6), l.shadow, l),
    maxWords: () => 1,
    text: (group, active, hl) => `{\\c${hl}}${group[active]}`,
  },
  minimal: {
    // Light, but never lost on a bright picture: a thin translucent outline and a soft shadow.
    style: (l, font) => styleLine(font, Math.round(l.fontSize * 0.82), WHITE, '&H50000000', '&H64000000', false, 1, Math.max(1, Math.round(l.outline * 0.45)), Math.max(2, l.shadow * 2), l),
    text: (group, active, hl) => group.map((w) => w.toLocaleLowerCase()).map((w, j) => (j === active ? `{\\c${hl}}${w}{\\r}` : w)).join(' '),
  },
};

/** One caption event: the text on screen from `start` to `end` (seconds, to the centisecond as written). */
export interface CaptionEvent {
  start: number;
  end: number;
  text: string;
  /** How long the text moves after `start`, seconds (0: it is still). */
  moves: number;
}

/** The events of the captions: one per spoken word, showing its group the way the preset draws it. */
export function captionEvents(words: readonly WordTiming[], options: CaptionOptions): CaptionEvent[] {
  const style = options.style ?? DEFAULT_CAPTION_STYLE;
  const look = PRESETS[style.preset] ?? PRESETS.classic;
  const maxWords = options.maxWords ?? look.maxWords?.(options.aspectRatio) ?? (options.aspectRatio === '9:16' ? 3 : 4);
  const maxChars = options.maxChars ?? (options.aspectRatio === '9:16' ? 18 : 28);
  const highlight = assColour(style.highlight);
  const events: CaptionEvent[] = [];
  for (const group of groupWords(words, maxWords, maxChars)) {
    const texts = group.words.map((w) => escapeAss(w.word));
    group.words.forEach((word, i) => {
      const start = i === 0 ? group.start : word.start;
      const end = i + 1 < group.words.length ? group.words[i + 1].start : group.end;
      if (end - start < 0.01) return;
      events.push({ start: centiseconds(start), end: centiseconds(end), text: look.text(texts, i, highlight), moves: look.moves ?? 0 });
    });
  }
  return events;
}

/**
 * When the burned-in captions change: each event's start and end, and the time its text moves.
 * Everything else of a caption is still from one change to the next.
 */
export function captionChanges(events: readonly CaptionEvent[]): Array<{ from: number; to: number }> {
  return events.flatMap((e) => [{ from: e.start, to: e.start + e.moves }, { from: e.end, to: e.end }]);
}

/** The ASS document of the captions' events (given when the caller also needs them, as the assembler does). */
export function buildAss(words: readonly WordTiming[], options: CaptionOptions, events: readonly CaptionEvent[] = captionEvents(words, options)): string {
  const style = options.style ?? DEFAULT_CAPTION_STYLE;
  const look = PRESETS[style.preset] ?? PRESETS.classic;
  const layout = captionLayout(options, style.position, style.size);
  const font = options.font ?? CAPTION_FONT;
  const highlight = assColour(style.highlight);
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
    look.style(layout, font, highlight),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  const dialogue = events.map((e) => `Dialogue: 0,${assTime(e.start)},${assTime(e.end)},Caption,,0,0,0,,${e.text}`);
  return `${[...header, ...dialogue].join('\n')}\n`;
}

/** Seconds to the centisecond, as an ASS time holds them. */
function centiseconds(seconds: number): number {
  return Math.max(0, Math.round(seconds * 100)) / 100;
}
