/**
 * Positions let a client wait for its own write to be projected (read-your-writes): a query sends
 * the last position it saw in MIN_POSITION_HEADER. Kept apart from the answer schemas so a client
 * that needs only the header names loads no zod.
 */
export const MIN_POSITION_HEADER = 'x-min-position';
/** The same, as a query parameter, for a request that cannot send headers (a browser's EventSource). */
export const MIN_POSITION_PARAM = 'minPosition';
export const POSITION_HEADER = 'x-position';
/** On an answer that waited for MIN_POSITION_HEADER in vain: the read models had not projected it yet. */
export const STALE_HEADER = 'x-stale';
