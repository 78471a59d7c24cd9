import type { RequestHandler } from 'express';
import { MIN_POSITION_HEADER, MIN_POSITION_PARAM, POSITION_HEADER, READ_MODELS_CHECKPOINT, STALE_HEADER } from '@app/domain';
import type { DocumentStore } from '@app/platform';

/** How far the read models are projected, and a way to wait for a position. */
export interface ProjectionProgress {
  position(): Promise<number> | number;
  /** Resolves true once `position` is projected, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

/**
 * Progress read from the projectors' checkpoint: what query-api uses when the projectors run in
 * another process (the embedded product passes its in-process runner instead, which is told
 * the moment a position is projected). Every answer names the projected position, so the reads
 * of one interval share one read of the checkpoint (a position only grows: one read a few
 * milliseconds ago is still true of now, as "at least"), and the reads in flight share one query.
 */
export function checkpointProgress(docs: DocumentStore, pollMs = 25): ProjectionProgress {
  let known = { value: 0, readAt: Number.NEGATIVE_INFINITY };
  let reading: Promise<number> | null = null;
  const position = (): number | Promise<number> => {
    if (Date.now() - known.readAt < pollMs) return known.value;
    if (!reading) {
      const readAt = Date.now();
      reading = Promise.resolve(docs.getCheckpoint(READ_MODELS_CHECKPOINT))
        .then((value) => {
          known = { value: Math.max(value, known.value), readAt };
          return known.value;
        })
        .finally(() => {
          reading = null;
        });
    }
    return reading;
  };
  return {
    position,
    async waitFor(wanted, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if ((await position()) >= wanted) return true;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
      return (await position()) >= wanted;
    },
  };
}

/**
 * Read-your-writes: a client that sends `x-min-position: N` (the position its command returned)
 * gets an answer only once N is projected, or after `timeoutMs` with `x-stale: 1`. A browser's
 * EventSource cannot send headers: it names N as `?minPosition=N` (a live status opened right
 * after the video was asked for would otherwise find no video yet, when the projectors run apart).
 * The answer carries the projected position in `x-position`.
 */
export function waitForPosition(progress: ProjectionProgress, timeoutMs = 3000): RequestHandler {
  return async (req, res, next) => {
    const param = req.query[MIN_POSITION_PARAM];
    const wanted = Number(req.get(MIN_POSITION_HEADER) ?? (typeof param === 'string' ? param : undefined));
    if (Number.isFinite(wanted) && wanted > 0) {
      const ok = await progress.waitFor(wanted, timeoutMs);
      if (!ok) res.setHeader(STALE_HEADER, '1');
    }
    res.setHeader(POSITION_HEADER, String(await progress.position()));
    next();
  };
}
