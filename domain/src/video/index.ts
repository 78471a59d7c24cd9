export * from './events';
export * from './commands';
export * from './state';
export * from './decide';

export const videoStreamId = (videoId: string) => `video-${videoId}`;
