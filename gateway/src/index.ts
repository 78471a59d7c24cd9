export * from './embedded';
export * from './health';
