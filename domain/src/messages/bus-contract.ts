import { z } from 'zod';
import { SCHEMA_VERSION } from '../shared/upcasting';
import { renderRequestSchema, renderStatusSchema } from './render';

/**
 * The bus contract: every topic the product publishes, the schema of its messages, their key,
 * their headers and the consumer groups that read them. The code reads it (producers stamp the
 * schema version, consumers check it) and the AsyncAPI document is generated from it, so what
 * is published and what is documented cannot drift apart.
 */
export interface TopicContract {
  readonly topic: string;
  /** The message's name in the AsyncAPI document. */
  readonly message: string;
  readonly title: string;
  readonly summary: string;
  /** The version messages are written in now (the `schemaVersion` header). */
  readonly version: number;
  readonly schema: z.ZodType;
  /** The payload field whose value is the message key. */
  readonly keyField: string;
  readonly headers: z.ZodObject;
  readonly producedBy: string;
  /** Consumer groups of the product that read the topic. */
  readonly consumerGroups: readonly { readonly groupId: string; readonly who: string }[];
}

/** Kafka header values are bytes; these are their UTF-8 texts. */
const traceHeaders = {
  correlationId: z.string().min(1).optional().describe('The id of the user action the message descends from (the request that asked for the video); copied from message to message.'),
  causationId: z.string().min(1).optional().describe('The id of the event or message that caused this one.'),
  messageId: z.string().min(1).optional().describe('This message\'s own id: a consumer records it as the causation id of what it writes.'),
  [SCHEMA_VERSION]: z.string().regex(/^[1-9][0-9]*$/).optional().describe('The schema version of the payload, a positive integer in decimal. Absent means 1 (messages written before the header existed).'),
};

export const renderRequestHeadersSchema = z.object(traceHeaders);
export const renderStatusHeadersSchema = z.object({
  ...traceHeaders,
  workerId: z.string().min(1).optional().describe('The worker that reached the status (for logs; the payload carries it too).'),
});

export const RENDER_REQUESTS = {
  topic: 'render.requests',
  message: 'renderRequest',
  title: 'Render request',
  summary: 'A video to render: what the creator asked for. One message per requested render.',
  version: 1,
  schema: renderRequestSchema,
  keyField: 'videoId',
  headers: renderRequestHeadersSchema,
  producedBy: "the projectors' render relay, once per VideoRequested event (at least once)",
  consumerGroups: [{ groupId: 'render-workers', who: 'the render workers (and any worker that speaks this contract)' }],
} as const satisfies TopicContract;

export const RENDER_STATUS = {
  topic: 'render.status',
  message: 'renderStatus',
  title: 'Render status',
  summary: 'A stage a render reached (start, script, audio, images, video, uploading, done), or `failed` when it gave up.',
  version: 1,
  schema: renderStatusSchema,
  keyField: 'videoId',
  headers: renderStatusHeadersSchema,
  producedBy: 'render workers, one message per stage reached, in order, with the request\'s correlation id',
  consumerGroups: [{ groupId: 'status-ingester', who: "command-api's status ingester, which records each status in the video's stream" }],
} as const satisfies TopicContract;

export const BUS_TOPICS: readonly TopicContract[] = [RENDER_REQUESTS, RENDER_STATUS];

/** Where a message that cannot be handled goes: its topic's dead-letter topic. */
export const deadLetterTopic = (topic: string) => `${topic}.dlq`;

/**
 * Dead-letter headers, besides the original message's own: why, who gave up, when, and where the
 * message was. A replay marker (a dead letter sent back to its topic) carries only `dlq-replayed`.
 */
export const DEAD_LETTER_HEADERS = {
  reason: 'dlq-reason',
  groupId: 'dlq-group',
  at: 'dlq-at',
  topic: 'dlq-topic',
  partition: 'dlq-partition',
  offset: 'dlq-offset',
  redeliveries: 'dlq-redeliveries',
  replayed: 'dlq-replayed',
} as const;

export const deadLetterHeadersSchema = z.object({
  [DEAD_LETTER_HEADERS.reason]: z.string().describe('Why the message was given up, in words an operator can act on.'),
  [DEAD_LETTER_HEADERS.groupId]: z.string().describe('The consumer group that gave it up.'),
  [DEAD_LETTER_HEADERS.at]: z.string().describe('When (ISO 8601).'),
  [DEAD_LETTER_HEADERS.topic]: z.string().describe('The topic it was read from.'),
  [DEAD_LETTER_HEADERS.partition]: z.string().regex(/^[0-9]+$/).describe('Its partition there.'),
  [DEAD_LETTER_HEADERS.offset]: z.string().regex(/^[0-9]+$/).describe('Its offset there.'),
  [DEAD_LETTER_HEADERS.redeliveries]: z.string().regex(/^[0-9]+$/).describe('How often it was redelivered before it was given up (0: it could not be read at all).'),
}).catchall(z.string().describe("The original message's headers, unchanged."));

/** The schema version a message's headers declare; absent means 1 (written before the header existed). */
export function schemaVersionOf(headers: Readonly<Record<string, string>>): number {
  const declared = headers[SCHEMA_VERSION];
  if (declared === undefined) return 1;
  return /^[1-9][0-9]*$/.test(declared) ? Number(declared) : Number.NaN;
}

/** The headers a producer sends: the trace it carries on, and the version of the payload it writes. */
export function messageHeaders(contract: TopicContract, trace: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(trace)) if (value !== undefined) headers[name] = value;
  headers[SCHEMA_VERSION] = String(contract.version);
  return headers;
}
