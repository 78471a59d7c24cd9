export * from './auth';
export * from './video';
