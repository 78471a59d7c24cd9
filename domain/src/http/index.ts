export * from './contract';
export * from './answers';
export * from './routes';
export * from './openapi';
