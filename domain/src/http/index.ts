export * from './contract';
export * from './answers';
export * from './routes';
