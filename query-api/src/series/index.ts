import { Router } from 'express';
import type { DocumentStore, SessionTokens } from '@app/platform';
import { createSocialStatusRouter } from '../social/routes';
import { createSeriesQueryRouter } from './routes';

export { createSeriesQueryRouter } from './routes';
export { createSocialStatusRouter } from '../social/routes';

/** The publishing read side, mounted at /api: link status and the series read model. */
export function createPublishingQueryRouter(deps: { docs: DocumentStore; tokens: SessionTokens; now?: () => Date }): Router {
  const router = Router();
  router.use(createSocialStatusRouter(deps));
  router.use(createSeriesQueryRouter(deps));
  return router;
}
