export * from './auth';
export * from './video';
export * from './series';
export * from './social';
export * from './studio';
export * from './own-media';
