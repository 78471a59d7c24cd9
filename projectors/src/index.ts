export * from './runner/projection';
export * from './runner/run-projections';
export * from './runner/run-reactor';
export * from './video-detail/video-detail';
export * from './video-list/video-list';
export * from './subscription-view/subscription-view';
export * from './render-relay/render-relay';
export * from './media-janitor/media-janitor';

import { videoDetailProjection } from './video-detail/video-detail';
import { videoListProjection } from './video-list/video-list';
import { subscriptionViewProjection } from './subscription-view/subscription-view';
import { PUBLISHING_PROJECTIONS } from './scheduler/projections';

/** Every read-model projection, in the order they run for one event. */
export const PROJECTIONS = [videoDetailProjection, videoListProjection, subscriptionViewProjection, ...PUBLISHING_PROJECTIONS];
export * from './start';
