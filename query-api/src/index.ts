// The public face of @app/query-api: its composition and its configuration.
export * from './config';
export * from './service';
export { checkpointProgress, type ProjectionProgress } from './read-your-writes/wait-for-position';
export { serviceStatus } from './service-status/handlers';
export { runEventsCli, type CliIo } from './analytics/events-cli';
export { exportLog } from './analytics/export';
export { percentile } from './analytics/stats';
