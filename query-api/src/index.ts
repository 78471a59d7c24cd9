export * from './app';
export * from './service-status/routes';
export * from './media/routes';
export * from './video-detail/presenter';
export * from './video-stats/routes';
export * from './subscription/routes';
export * from './read-your-writes/wait-for-position';
