import { z } from 'zod';

/** The query strings of the analyst API (issue 14), each refused with a clear 400 when malformed. */
export const ANALYTICS_MESSAGES = {
  accessRequired: 'Analyst access required',
  after: 'after must be a whole number of 0 or more',
  to: 'to must be a whole number of 0 or more',
  limit: 'limit must be a whole number from 1 to 1000',
  stream: 'stream must be a stream id such as video-1f2e',
  category: 'category must be a stream category such as video',
  type: 'type must be an event type such as VideoRendered',
  correlation: 'correlation must be a correlation id (letters, digits and dashes)',
  date: 'must be an ISO-8601 date such as 2026-11-24 or 2026-11-24T10:00:00Z',
  asOf: 'asOf must be a position (a whole number) or an ISO-8601 time',
  bucket: 'bucket must be hour, day or week',
  format: 'format must be ndjson or csv',
  range: 'from must be before to',
  unknownProjection: 'No projection has this name',
  rebuildRunning: 'A rebuild of this projection is already running',
} as const;

export const MAX_EVENTS_PAGE = 1000;

const position = (message: string) => z.string().regex(/^\d{1,15}$/, message).transform(Number);
const isoDate = (field: string) =>
  z.string().refine((value) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)), `${field} ${ANALYTICS_MESSAGES.date}`)
    .transform((value) => new Date(value).toISOString());

export const STREAM_ID = /^[A-Za-z][A-Za-z0-9_]*-[A-Za-z0-9_.:@-]{1,200}$/;
const streamId = z.string().regex(STREAM_ID, ANALYTICS_MESSAGES.stream);
const category = z.string().regex(/^[a-z][a-z0-9_]{0,40}$/, ANALYTICS_MESSAGES.category);
const eventType = z.string().regex(/^[A-Z][A-Za-z0-9]{0,80}$/, ANALYTICS_MESSAGES.type);

const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

/** What the log is filtered by: the same for the page, the live tail and the export. */
const logFilter = {
  correlation: z.string().regex(/^[A-Za-z0-9-]{1,80}$/, ANALYTICS_MESSAGES.correlation).optional(),
  stream: streamId.optional(),
  category: category.optional(),
  type: eventType.optional(),
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
};

export const eventsQuery = z.object({
  after: position(ANALYTICS_MESSAGES.after).default(0),
  limit: z.string().regex(/^\d{1,4}$/, ANALYTICS_MESSAGES.limit).transform(Number).refine((n) => n >= 1 && n <= MAX_EVENTS_PAGE, ANALYTICS_MESSAGES.limit).default(100),
  ...logFilter,
}).refine(inOrder, { message: ANALYTICS_MESSAGES.range, path: ['from'] });
export type EventsQuery = z.output<typeof eventsQuery>;

export const liveEventsQuery = z.object({ after: position(ANALYTICS_MESSAGES.after).optional(), ...logFilter }).refine(inOrder, { message: ANALYTICS_MESSAGES.range, path: ['from'] });

export const streamsQuery = z.object({
  category: category.optional(),
  after: position(ANALYTICS_MESSAGES.after).default(0),
  limit: z.string().regex(/^\d{1,4}$/, ANALYTICS_MESSAGES.limit).transform(Number).refine((n) => n >= 1 && n <= MAX_EVENTS_PAGE, ANALYTICS_MESSAGES.limit).default(50),
});

export const streamParams = z.object({ streamId });
/** A point in a stream's history: a global position, or an instant (the last event recorded at or before it). */
export type AsOf = { position: number; time?: undefined } | { time: string; position?: undefined };

export const streamQuery = z.object({
  asOf: z.string().optional().transform((value, ctx): AsOf | undefined => {
    if (value === undefined) return undefined;
    if (/^\d{1,15}$/.test(value)) return { position: Number(value) };
    const parsed = isoDate('asOf').safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: ANALYTICS_MESSAGES.asOf });
      return z.NEVER;
    }
    return { time: parsed.data };
  }),
});

export const exportQuery = z.object({
  after: position(ANALYTICS_MESSAGES.after).default(0),
  to: position(ANALYTICS_MESSAGES.to).optional(),
  category: category.optional(),
  type: eventType.optional(),
  stream: streamId.optional(),
  format: z.enum(['ndjson', 'csv'], { message: ANALYTICS_MESSAGES.format }).default('ndjson'),
});

export const BUCKETS = ['hour', 'day', 'week'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const statsQuery = z.object({
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
  bucket: z.enum(BUCKETS, { message: ANALYTICS_MESSAGES.bucket }).default('day'),
}).refine(inOrder, { message: ANALYTICS_MESSAGES.range, path: ['from'] });

export const projectionParams = z.object({ name: z.string().regex(/^[a-z][a-z0-9-]{0,60}$/, ANALYTICS_MESSAGES.unknownProjection) });
