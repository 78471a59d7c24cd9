import { Router } from 'express';
import type { EventStore, Logger, RateLimiter, SessionTokens } from '@app/platform';
import type { Mailer } from '@app/platform/src/mail';
import type { Billing } from '@app/platform/src/billing';
import { createBillingRouter } from './billing/routes';
import { createAuthRouter } from './auth/routes';
import type { CommandApiConfig } from './config';
import { createVideoCommandRouter } from './video/routes';

export interface CommandApiDeps {
  eventStore: EventStore;
  tokens: SessionTokens;
  mailer: Mailer;
  logger: Logger;
  config: CommandApiConfig;
  limiter?: RateLimiter;
  /** The billing adapter (`openBilling`); omitted, no /billing routes. */
  billing?: Billing;
}

/** Every command route, mounted at /api. */
export function createCommandRouter(deps: CommandApiDeps): Router {
  const router = Router();
  router.use('/auth', createAuthRouter({ eventStore: deps.eventStore, tokens: deps.tokens, mailer: deps.mailer, logger: deps.logger, config: deps.config.auth, ...(deps.limiter ? { limiter: deps.limiter } : {}) }));
  router.use(createVideoCommandRouter(deps));
  if (deps.billing) router.use(createBillingRouter({ eventStore: deps.eventStore, tokens: deps.tokens, billing: deps.billing, logger: deps.logger, publicUrl: deps.config.auth.publicUrl }));
  return router;
}
