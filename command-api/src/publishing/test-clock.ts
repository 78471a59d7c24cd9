import { Router } from 'express';
import { z } from 'zod';
import { parseOrThrow } from '@app/platform';
import type { AdjustableClock } from '@app/platform/src/publishing';

const advanceSchema = z.object({ minutes: z.coerce.number({ error: 'minutes must be a number' }).positive('minutes must be positive').max(60 * 24 * 400) });

/**
 * Test mode only (STUDIO_TEST_CLOCK=1, never with NODE_ENV=production; the composition root
 * mounts it only then): moves the scheduler's clock forward so a browser journey can make a
 * posting slot come due.
 */
export function createTestClockRouter(clock: AdjustableClock): Router {
  const router = Router();
  router.get('/test/clock', (_req, res) => {
    res.json({ now: clock.now().toISOString() });
  });
  router.post('/test/clock/advance', (req, res) => {
    const { minutes } = parseOrThrow(advanceSchema, req.body);
    res.json({ now: clock.advance(minutes * 60_000).toISOString() });
  });
  return router;
}
