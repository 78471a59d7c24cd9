import { Router } from 'express';
import type { EventStore, Logger, SessionTokens } from '@app/platform';
import type { AdjustableClock, Clock, Publishing } from '@app/platform/src/publishing';
import { createSeriesCommandRouter } from '../series/routes';
import { createSocialRouter } from '../social/routes';
import { createTestClockRouter } from './test-clock';

export { createTestClockRouter } from './test-clock';
export { createSeriesCommandRouter } from '../series/routes';
export { createSocialRouter } from '../social/routes';

export interface PublishingCommandDeps {
  eventStore: EventStore;
  tokens: SessionTokens;
  logger: Logger;
  publishing: Publishing;
  clock: Clock;
  /** Our origin, for OAuth redirect URIs. */
  publicUrl: string;
  /** Signs OAuth state: the token encryption key. */
  stateSecret: string;
  /** Present only in test mode (STUDIO_TEST_CLOCK=1, not production). */
  testClock?: AdjustableClock | null;
}

/** Linked accounts, uploads, series and (test mode) the clock: mounted at /api. */
export function createPublishingCommandRouter(deps: PublishingCommandDeps): Router {
  const router = Router();
  router.use(createSocialRouter({
    eventStore: deps.eventStore, tokens: deps.tokens, logger: deps.logger, clock: deps.clock, publicUrl: deps.publicUrl, stateSecret: deps.stateSecret,
    publishers: deps.publishing.publishers, vault: deps.publishing.vault, executor: deps.publishing.executor,
  }));
  router.use(createSeriesCommandRouter({ eventStore: deps.eventStore, tokens: deps.tokens, clock: deps.clock }));
  if (deps.testClock) router.use(createTestClockRouter(deps.testClock));
  return router;
}
