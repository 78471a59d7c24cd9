import { createRng } from '../../shared/random';

/**
 * The pan of a still across its scene: whole, even pixel steps (so each frame is an exact
 * translate of an earlier one and x264 predicts it almost for free), the direction chosen by the
 * seed. Pure maths, down to the crop expressions the assembler puts in its filter graph.
 */

/** A pan moves the frame by this many pixels at a time: even, so the 4:2:0 chroma moves by whole samples too. */
export const PAN_STEP = 2;
/** Fewest frames between two pan steps (2 px every 2 frames = 30 px/s at most). */
export const MIN_PAN_PERIOD = 2;

const PANS = [
  { x0: 0, x1: 1, y0: 0.5, y1: 0.5 },
  { x0: 1, x1: 0, y0: 0.5, y1: 0.5 },
  { x0: 0.5, x1: 0.5, y0: 0, y1: 1 },
  { x0: 0.5, x1: 0.5, y0: 1, y1: 0 },
  { x0: 0, x1: 1, y0: 1, y1: 0 },
  { x0: 1, x1: 0, y0: 0, y1: 1 },
] as const;

/**
 * One pan per scene (start and end of the crop as fractions of the slack), chosen by the seed; a
 * scene whose draw equals the previous scene's draw takes the next pan instead.
 */
export function panFor(seed: string, index: number): { x0: number; x1: number; y0: number; y1: number } {
  const previous = index > 0 ? panDraw(seed, index - 1) : -1;
  const draw = panDraw(seed, index);
  return PANS[draw === previous ? (draw + 1) % PANS.length : draw];
}

function panDraw(seed: string, index: number): number {
  return createRng(`pan:${seed}:${index}`).int(0, PANS.length - 1);
}

/** Crop position along one axis: `start + direction * PAN_STEP * floor(frame / period)`. */
export interface PanAxis {
  start: number;
  direction: -1 | 0 | 1;
}
export interface PanPath {
  x: PanAxis;
  y: PanAxis;
  /** Frames between two steps. */
  period: number;
}

/**
 * The whole-pixel pan of a scene `frames` long over a still `slackX` x `slackY` pixels larger than
 * the frame: the seeded direction, moving PAN_STEP pixels every `period` frames (as often as the
 * slack allows, at most every MIN_PAN_PERIOD frames), the path centred in the slack.
 */
export function panPath(seed: string, index: number, frames: number, slackX: number, slackY: number): PanPath {
  const pan = panFor(seed, index);
  const dx = Math.sign(pan.x1 - pan.x0) as -1 | 0 | 1;
  const dy = Math.sign(pan.y1 - pan.y0) as -1 | 0 | 1;
  const moves = Math.max(1, frames - 1);
  const periodFor = (direction: number, slack: number) => (direction === 0 ? 1 : Math.ceil((moves * PAN_STEP) / Math.max(PAN_STEP, slack)));
  const period = Math.max(MIN_PAN_PERIOD, periodFor(dx, slackX), periodFor(dy, slackY));
  const travel = PAN_STEP * Math.floor(moves / period);
  const axis = (direction: -1 | 0 | 1, from: number, slack: number): PanAxis => {
    if (direction === 0) return { start: Math.min(slack, evenFloor(slack * from)), direction };
    const low = evenFloor((slack - travel) / 2);
    return { start: direction > 0 ? low : low + travel, direction };
  };
  return { x: axis(dx, pan.x0, slackX), y: axis(dy, pan.y0, slackY), period };
}

/** Crop position of frame `n` of the scene along one axis. */
export function panAt(axis: PanAxis, period: number, n: number): number {
  return axis.start + axis.direction * PAN_STEP * Math.floor(n / period);
}

/** The crop position of frame `n + offset` as an ffmpeg expression. */
export function panExpression(axis: PanAxis, period: number, offset: number): string {
  if (axis.direction === 0) return String(axis.start);
  return `${axis.start}${axis.direction > 0 ? '+' : '-'}${PAN_STEP}*floor((n+${offset})/${period})`;
}

/** How far a still is enlarged so it can pan without showing an edge. */
export const OVERSCAN = 1.12;

/** The size a still is scaled to before it is panned: OVERSCAN times the frame, in even pixels. */
export function overscan(width: number, height: number): { width: number; height: number } {
  return { width: evenRound(width * OVERSCAN), height: evenRound(height * OVERSCAN) };
}

/** The even number at or below n (chroma-aligned pixel positions). */
function evenFloor(n: number): number {
  return Math.floor(n / 2) * 2;
}

/** The nearest even number to n. */
function evenRound(n: number): number {
  return Math.round(n / 2) * 2;
}
