import { batchProgressProjection } from './batch-progress/batch-progress';
import { mediaLibraryProjection } from './media-library/media-library';
import { postQueueProjection } from './post-queue/post-queue';
import { productStatsProjection } from './product-stats/product-stats';
import type { Projection } from './runner/projection';
import { seriesViewProjection } from './series-view/series-view';
import { socialLinkViewProjection } from './social-link-view/social-link-view';
import { subscriptionViewProjection } from './subscription-view/subscription-view';
import { videoDetailProjection } from './video-detail/video-detail';
import { videoListProjection } from './video-list/video-list';

/** Every read-model projection, in the order they run for one event. */
export const PROJECTIONS: readonly Projection[] = [
  videoDetailProjection, videoListProjection, subscriptionViewProjection, socialLinkViewProjection, seriesViewProjection, postQueueProjection, productStatsProjection, mediaLibraryProjection, batchProgressProjection,
];
