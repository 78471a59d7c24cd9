import { Router } from 'express';
import { analystDirectory, engineChecks, mountRoutes, type HealthCheck, type Infra, type ServiceHandlers } from '@app/platform';
import { analyticsHandlers } from './analytics/handlers';
import { apiDocsHandlers } from './api-docs/handlers';
import { catalogHandlers } from './catalog/handlers';
import type { QueryApiConfig } from './config';
import { mediaHandlers } from './media/handlers';
import { mediaLibraryHandlers } from './media-library/handlers';
import { checkpointProgress, waitForPosition, type ProjectionProgress } from './read-your-writes/wait-for-position';
import { seriesHandlers } from './series/handlers';
import { batchProgressHandlers } from './batch-progress/handlers';
import { serviceStatusHandlers } from './service-status/handlers';
import { socialHandlers } from './social/handlers';
import { subscriptionHandlers } from './subscription/handlers';
import { videoDetailHandlers } from './video-detail/handlers';
import { LiveStatus } from './video-detail/live-status';
import { videoListHandlers } from './video-list/handlers';
import { watchQueueDepth } from './video-list/queue-depth';
import { videoStatsHandlers } from './video-stats/handlers';

export interface QueryService {
  /** Every query-api route, mounted from the route table, behind read-your-writes. */
  router: Router;
  stop(): Promise<void>;
}

export interface QueryServiceOptions {
  /** How far the read models are projected. Default: the projectors' checkpoint (another process). */
  progress?: ProjectionProgress;
  /** Checks of GET /api/service-status beyond the engines (e.g. the renderer's tools). */
  healthChecks?: Record<string, HealthCheck>;
  /** The clock of plan-dependent answers (the test clock in test mode). */
  now?: () => Date;
}

/** How long a signed media URL in an answer stays valid. */
const MEDIA_URL_TTL_SECONDS = 3600;

/**
 * query-api: every read-model route, composed once for both ways to run (its own process,
 * `main.ts`, and the embedded product, which calls this same function).
 */
export function createQueryService(config: QueryApiConfig, infra: Infra, options: QueryServiceOptions = {}): QueryService {
  const { docs, blobs } = infra;
  const now = options.now ?? (() => new Date());
  const progress = options.progress ?? checkpointProgress(docs);
  const live = new LiveStatus(docs);
  const handlers: ServiceHandlers<'query-api'> = {
    ...catalogHandlers(),
    ...apiDocsHandlers(),
    ...serviceStatusHandlers({ ...engineChecks(infra), ...options.healthChecks }),
    ...videoListHandlers({ docs }),
    ...videoStatsHandlers({ docs, now }),
    ...subscriptionHandlers({ docs, now }),
    ...mediaHandlers({ docs, blobs, signingKey: infra.secrets.mediaSigning }),
    ...videoDetailHandlers({ docs, live, media: { signingKey: infra.secrets.mediaSigning, ttlSeconds: MEDIA_URL_TTL_SECONDS } }),
    ...socialHandlers({ docs }),
    ...seriesHandlers({ docs, now }),
    ...batchProgressHandlers({ docs }),
    ...mediaLibraryHandlers({ docs, blobs, urls: { signingKey: infra.secrets.mediaSigning, ttlSeconds: MEDIA_URL_TTL_SECONDS, now } }),
    ...analyticsHandlers({ eventStore: infra.eventStore, docs, bus: infra.bus, now }),
  };
  watchQueueDepth(docs);
  const router = Router();
  router.use('/api', waitForPosition(progress));
  router.use(mountRoutes('query-api', handlers, {
    tokens: infra.tokens,
    analysts: analystDirectory(infra.eventStore, config.analysts.emails),
    auditLog: infra.logger.child({ category: 'analyst-audit' }),
    loop: infra.loop ?? undefined,
  }));
  return { router, stop: async () => live.close() };
}
