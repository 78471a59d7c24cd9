export * from './embedded';
export * from './http-app';
export * from './health';
