export * from './app';
export * from './config';
export * from './render-status/ingester';
export * from './video/generate-video';
export * from './service';
