export * from './auth';
export * from './video';
export * from './series';
export * from './social';
