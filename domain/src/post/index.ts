export * from './events';
export * from './commands';
export * from './state';
export * from './decide';

export const postStreamId = (postId: string) => `post-${postId}`;
