export * from './events';
export * from './commands';
export * from './state';
export * from './decide';
export * from './checkout';

export const subscriptionStreamId = (userId: string) => `subscription-${userId}`;
