import { Router } from 'express';
import type { BlobStore, DocumentStore, SessionTokens } from '@app/platform';
import { createCatalogRouter } from './catalog/routes';
import { createMediaRouter } from './media/routes';
import { createServiceStatusRouter, type HealthCheck } from './service-status/routes';
import { createSubscriptionRouter } from './subscription/routes';
import { createVideoDetailRouter } from './video-detail/routes';
import { createVideoListRouter } from './video-list/routes';
import { createVideoStatsRouter } from './video-stats/routes';
import { waitForPosition, type WaitForPosition } from './read-your-writes/wait-for-position';

export interface QueryApiDeps {
  docs: DocumentStore;
  blobs: BlobStore;
  tokens: SessionTokens;
  mediaSigningKey: string;
  healthChecks: Record<string, HealthCheck>;
  /** Read-your-writes: wait until a position is projected. */
  wait: WaitForPosition;
  projectedPosition: () => Promise<number> | number;
  now?: () => Date;
}

/** Every query route, mounted at /api. Order matters: fixed /video/* paths before /video/:id. */
export function createQueryRouter(deps: QueryApiDeps): Router {
  const router = Router();
  router.use(waitForPosition(deps.wait, deps.projectedPosition));
  router.use(createCatalogRouter());
  router.use(createServiceStatusRouter(deps.healthChecks));
  router.use(createVideoListRouter(deps));
  router.use(createVideoStatsRouter(deps));
  router.use(createSubscriptionRouter(deps));
  router.use(createMediaRouter({ docs: deps.docs, blobs: deps.blobs, signingKey: deps.mediaSigningKey }));
  router.use(createVideoDetailRouter({ docs: deps.docs, tokens: deps.tokens, media: { signingKey: deps.mediaSigningKey, ttlSeconds: 3600 } }));
  return router;
}
