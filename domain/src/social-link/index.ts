export * from './events';
export * from './commands';
export * from './state';
export * from './decide';

export const socialLinkStreamId = (userId: string, platform: string) => `social-${userId}-${platform}`;
