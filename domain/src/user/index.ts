export * from './events';
export * from './commands';
export * from './state';
export * from './decide';
export * from './roles';

export const userStreamId = (userId: string) => `user-${userId}`;
/** Keyed by a hash of the lower-cased email so the stream name holds no personal data. */
export const emailStreamId = (emailHash: string) => `email-${emailHash}`;
/** Keyed by a hash of the Google account id (`sub`). */
export const googleIdentityStreamId = (googleIdHash: string) => `google-${googleIdHash}`;
