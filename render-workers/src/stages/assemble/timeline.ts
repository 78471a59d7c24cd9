import type { WordTiming } from '../narration/port';

export const FPS = 30;
/** Silence before the first word, seconds. */
export const LEAD_SECONDS = 0.3;
/** Music after the last word before the end, seconds. */
export const TAIL_SECONDS = 1.2;

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
