export * from './envelope';
export * from './errors';
export * from './upcasting';
export * from './canonical-json';
