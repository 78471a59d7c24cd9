export * from './shared';
export * from './catalog';
export * from './schemas';
export * from './read-models';
export * from './messages/render';
