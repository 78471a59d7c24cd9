import type { RequestHandler } from 'express';
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@app/domain';

export type WaitForPosition = (position: number, timeoutMs: number) => Promise<boolean>;

/**
 * Read-your-writes: a client that sends `x-min-position: N` (the position its command returned)
 * gets an answer only once N is projected, or after `timeoutMs` with `x-stale: 1`.
 * The answer carries the projected position in `x-position`.
 */
export function waitForPosition(wait: WaitForPosition, current: () => Promise<number> | number, timeoutMs = 3000): RequestHandler {
  return async (req, res, next) => {
    const wanted = Number(req.get(MIN_POSITION_HEADER));
    if (Number.isFinite(wanted) && wanted > 0) {
      const ok = await wait(wanted, timeoutMs);
      if (!ok) res.setHeader('x-stale', '1');
    }
    res.setHeader(POSITION_HEADER, String(await current()));
    next();
  };
}
