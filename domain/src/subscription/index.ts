export * from './events';
export * from './commands';
export * from './state';
export * from './decide';

export const subscriptionStreamId = (userId: string) => `subscription-${userId}`;
