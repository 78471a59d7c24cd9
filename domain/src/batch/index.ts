export * from './events';
export * from './commands';
export * from './state';
export * from './decide';
export * from './input';
export * from './slots';
export * from './schemas';
export * from './progress';

/** One stream per batch. */
export const batchStreamId = (batchId: string) => `batch-${batchId}`;
