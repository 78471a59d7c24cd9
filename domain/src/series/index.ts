export * from './events';
export * from './commands';
export * from './state';
export * from './decide';

export const seriesStreamId = (seriesId: string) => `series-${seriesId}`;
export * from './schedule';
