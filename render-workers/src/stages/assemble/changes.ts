import type { CaptionEvent } from '../captions/ass';
import type { PanPath } from './pan';
import { FPS, type FrameRange, type SceneSlot } from './timeline';

/** What a part of the picture shows, as far as telling its frames apart goes. */
export interface PartContents {
  range: FrameRange;
  totalFrames: number;
  /** The scenes the part shows: a still panned along `pan`, or a clip (`pan` null: every frame new). */
  scenes: Array<{ slot: SceneSlot; pan: PanPath | null }>;
  /** When the captions change, seconds into the whole video (`captionChanges`). */
  captions: ReadonlyArray<{ from: number; to: number }>;
  /** Frames that fade in at the video's start and out at its end. */
  fadeIn: number;
  fadeOut: number;
}

/**
 * The frames a caption change at `seconds` may land on. libass picks a frame's events by its time in
 * whole milliseconds, truncated, and a frame's time reaches it within a microsecond of its true
 * value (concat's microsecond time base, the part's shift, a float). A frame before the change never
 * shows it; the change lands on the first frame at or after it. Only a change exactly at a frame's
 * time can miss that frame, when its time arrives a hair under, and land on the next one: both are
 * counted then. Caption times are whole centiseconds, so `seconds × FPS` is either an integer or at
 * least 0.1 from one, and every other change lands on one frame only.
 */
function landingFrames(seconds: number): { first: number; last: number } {
  const frames = seconds * FPS;
  const first = Math.ceil(frames - 1e-6);
  return { first, last: Math.abs(frames - first) < 1e-6 ? first + 1 : first };
}

/** The time, whole centiseconds, that lands on `frame` alone: the last one before that frame's own time. */
export function timeLandingOn(frame: number): number {
  return Math.max(0, Math.ceil((frame * 100) / FPS - 1e-6) - 1) / 100;
}

/**
 * The caption events with each change (a word's start or end) moved by one frame at most onto a
 * frame the picture changes on anyway (`moving`: a pan's step, a scene's first frame, a clip's
 * frames, the fades): its own frame, else the one before, else the one after. A word then costs the
 * encoder no frame of its own, where it cost one or two: the picture's changing frames are mostly
 * the pan's. One frame is 33 ms, under what a viewer can tell in a caption's timing. The changes
 * keep their order: a move that would show a word on no frame, or run it into the next, is not
 * made. Every change is written at a time that lands on one frame only (`timeLandingOn`).
 */
export function snapCaptionChanges(events: readonly CaptionEvent[], moving: ReadonlySet<number>): CaptionEvent[] {
  const times = [...new Set(events.flatMap((event) => [event.start, event.end]))].sort((a, b) => a - b);
  const onto = new Map<number, number>();
  let previous = { spoken: -1, shown: -1 };
  for (const seconds of times) {
    const spoken = landingFrames(seconds).first;
    // Changes that landed on one frame still do; a later one lands on a later frame.
    const allowed = (frame: number) => frame >= 0 && frame > previous.shown;
    const shown = spoken === previous.spoken ? previous.shown : ([spoken, spoken - 1, spoken + 1].find((frame) => moving.has(frame) && allowed(frame)) ?? spoken);
    if (!allowed(shown) && spoken !== previous.spoken) return [...events];
    onto.set(seconds, timeLandingOn(shown));
    previous = { spoken, shown };
  }
  return events.map((event) => ({ ...event, start: onto.get(event.start)!, end: onto.get(event.end)! }));
}

/**
 * The frames of a part that may differ from the frame before them, as offsets into the part: its
 * first and last frame, each scene's first frame and pan steps (a pan moves every `period` frames),
 * every frame of a clip and of the fades, and the frames where each caption change can land. Every other
 * frame repeats the one before it exactly, so the captions need drawing on these only.
 */
export function changingFrames(part: PartContents): number[] {
  const { range, totalFrames } = part;
  const length = range.end - range.start;
  const changes = new Uint8Array(length);
  const mark = (from: number, to: number) => {
    for (let frame = Math.max(from, range.start); frame <= Math.min(to, range.end - 1); frame++) changes[frame - range.start] = 1;
  };
  mark(range.start, range.start);
  mark(range.end - 1, range.end - 1);
  for (const { slot, pan } of part.scenes) {
    const from = Math.max(slot.startFrame, range.start);
    const to = Math.min(slot.endFrame, range.end) - 1;
    mark(from, pan ? from : to);
    if (!pan || (pan.x.direction === 0 && pan.y.direction === 0)) continue;
    for (let frame = from + 1; frame <= to; frame++) if ((frame - slot.startFrame) % pan.period === 0) mark(frame, frame);
  }
  // The first full frame after the fade-in differs from the last faded one; so does the first faded one at the end.
  mark(0, part.fadeIn);
  mark(totalFrames - part.fadeOut - 1, totalFrames - 1);
  for (const { from, to } of part.captions) mark(landingFrames(from).first, landingFrames(to).last);
  const offsets: number[] = [];
  changes.forEach((changed, offset) => changed && offsets.push(offset));
  return offsets;
}

/**
 * ffmpeg's `select` expression keeping the frames at `offsets` (sorted): runs as `between`, single
 * frames as `eq`, summed as a balanced tree (ffmpeg's expression parser refuses nesting past ~100
 * levels, and a flat sum of a minute's pan steps nests one level a term).
 */
export function selectExpression(offsets: readonly number[]): string {
  const terms: string[] = [];
  for (let i = 0; i < offsets.length; ) {
    let j = i;
    while (j + 1 < offsets.length && offsets[j + 1] === offsets[j] + 1) j++;
    terms.push(i === j ? `eq(n,${offsets[i]})` : `between(n,${offsets[i]},${offsets[j]})`);
    i = j + 1;
  }
  const sum = (from: number, to: number): string => {
    if (to - from === 1) return terms[from];
    const middle = Math.floor((from + to) / 2);
    return `(${sum(from, middle)}+${sum(middle, to)})`;
  };
  return terms.length === 0 ? '0' : sum(0, terms.length);
}
