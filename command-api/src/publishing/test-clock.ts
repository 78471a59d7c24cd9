import type { AdjustableClock, HandlersOf } from '@app/platform';

/**
 * Test mode only (STUDIO_TEST_CLOCK=1, never with NODE_ENV=production; the composition mounts
 * it only then): moves the scheduler's clock forward so a browser journey can make a posting
 * slot come due.
 */
export function testClockHandlers(clock: AdjustableClock): HandlersOf<'testClock' | 'advanceTestClock'> {
  return {
    testClock: (_req, res) => {
      res.json({ now: clock.now().toISOString() });
    },
    advanceTestClock: (req, res) => {
      res.json({ now: clock.advance(req.body.minutes * 60_000).toISOString() });
    },
  };
}
