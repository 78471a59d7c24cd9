import type { WordTiming } from '../narration/port';

export const FPS = 30;
/** Frames between two keyframes (a GOP of 3 s); a part encoded on its own is at least this long. */
export const GOP = FPS * 3;
/** Silence before the first word, seconds. */
export const LEAD_SECONDS = 0.3;
/** Music after the last word before the end, seconds. */
const TAIL_SECONDS = 1.2;

export interface SceneSlot {
  index: number;
  /** Frame range [startFrame, endFrame). */
  startFrame: number;
  endFrame: number;
}

/** Final length: narration plus lead and tail, inside the requested range. */
export function videoSeconds(narrationSeconds: number, minSeconds: number, maxSeconds: number): number {
  const wanted = LEAD_SECONDS + narrationSeconds + TAIL_SECONDS;
  return Math.min(maxSeconds, Math.max(minSeconds, wanted));
}

/** The video's length rounded to whole frames: what the picture and the mix both last. */
export function frameExactSeconds(narrationSeconds: number, minSeconds: number, maxSeconds: number): number {
  return Math.round(videoSeconds(narrationSeconds, minSeconds, maxSeconds) * FPS) / FPS;
}

/**
 * Scene i is on screen from the start of line i (the first scene from 0) to the start of the next
 * line, the last scene to the end; frame-exact so the encoded parts concatenate without drift.
 */
export function sceneSlots(sceneCount: number, words: readonly WordTiming[], totalSeconds: number): SceneSlot[] {
  const totalFrames = Math.round(totalSeconds * FPS);
  const lineStarts: number[] = [];
  for (let i = 0; i < sceneCount; i++) {
    const first = words.find((w) => w.line === i);
    lineStarts.push(first ? first.start + LEAD_SECONDS : Number.NaN);
  }
  // Lines without words (should not happen) share the time between their neighbours.
  for (let i = 0; i < sceneCount; i++) {
    if (!Number.isNaN(lineStarts[i])) continue;
    const prev = i > 0 ? lineStarts[i - 1] : 0;
    const next = lineStarts.slice(i + 1).find((s) => !Number.isNaN(s)) ?? totalSeconds;
    lineStarts[i] = (prev + next) / 2;
  }
  const slots: SceneSlot[] = [];
  let start = 0;
  for (let i = 0; i < sceneCount; i++) {
    const nextStart = i + 1 < sceneCount ? Math.round(lineStarts[i + 1] * FPS) : totalFrames;
    const end = Math.min(totalFrames, Math.max(start + 1, nextStart));
    slots.push({ index: i, startFrame: start, endFrame: end });
    start = end;
  }
  // Scenes pushed past the end (narration trimmed) are dropped; the last one runs to the end.
  const kept = slots.filter((s) => s.startFrame < totalFrames);
  kept[kept.length - 1].endFrame = totalFrames;
  return kept;
}

/** A frame range [start, end) encoded by one process. */
export interface FrameRange {
  start: number;
  end: number;
}

/**
 * Split the frames into `parts` ranges of equal length (cuts may fall inside a scene: the pan
 * continues exactly across it), keeping the fades whole inside the first and last range.
 */
export function splitFrames(totalFrames: number, parts: number, headFrames = 0, tailFrames = 0): FrameRange[] {
  const count = Math.max(1, Math.min(parts, Math.floor(totalFrames / Math.max(GOP, headFrames + tailFrames + 1))));
  const ranges: FrameRange[] = [];
  let start = 0;
  for (let i = 1; i <= count; i++) {
    const end = i === count ? totalFrames : Math.min(totalFrames - tailFrames, Math.max(headFrames, Math.round((totalFrames * i) / count)));
    ranges.push({ start, end });
    start = end;
  }
  return ranges;
}
