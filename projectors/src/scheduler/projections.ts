import { seriesViewProjection } from '../series-view/series-view';
import { socialLinkViewProjection } from '../social-link-view/social-link-view';
import { postQueueProjection } from './post-queue';

/** The publishing read models: linked accounts, the Series home, the post queue. */
export const PUBLISHING_PROJECTIONS = [socialLinkViewProjection, seriesViewProjection, postQueueProjection];
