export * from './autopilot';
export * from './post-queue';
export * from './projections';
export * from '../series-view/series-view';
export * from '../social-link-view/social-link-view';
