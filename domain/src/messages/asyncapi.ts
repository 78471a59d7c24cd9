/**
 * The product's AsyncAPI 3.0 document, generated from the bus contract: every topic, its message's
 * payload and headers (their zod schemas as JSON Schema draft-07), key, producers and consumer
 * groups, the dead-letter topics, and the delivery and versioning rules. Served at
 * /api/asyncapi.json and rendered in docs/bus-contract.md, so a worker in any language can be
 * written from it alone.
 */
import { z } from 'zod';
import { SCHEMA_VERSION } from '../shared/upcasting';
import { BUS_TOPICS, deadLetterHeadersSchema, deadLetterTopic, DEAD_LETTER_HEADERS, type TopicContract } from './bus-contract';

type JsonSchema = Record<string, unknown>;

/** The payload and headers are JSON Schema draft-07 (what AsyncAPI's own schema format extends). */
export const ASYNCAPI_SCHEMA_FORMAT = 'application/schema+json;version=draft-07';
const KAFKA_BINDING_VERSION = '0.5.0';

/** GET /api/asyncapi.json. */
export const asyncApiAnswer = z.looseObject({
  asyncapi: z.literal('3.0.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  channels: z.record(z.string(), z.unknown()),
  operations: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
});
export type AsyncApiDocument = z.infer<typeof asyncApiAnswer>;

/**
 * What a consumer accepts: `input`, so a field with a default is optional, as the parser treats
 * it. Unknown fields are allowed (additive changes within a version must not break a reader).
 */
export function messageJsonSchema(schema: z.ZodType): JsonSchema {
  const converted = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

const DESCRIPTION = `Render jobs and their progress, on Kafka (or the embedded SQLite bus, which has the same semantics).

**Key.** Every message is keyed by its video id (UTF-8), so all the messages of one video land on one partition and stay in order.

**Headers** (UTF-8 strings): \`correlationId\` (the user action the message descends from) and \`causationId\` (the event that caused it): a worker copies both from a request onto every status it publishes for it; \`messageId\` (this message's own id, when the producer gives one), and \`${SCHEMA_VERSION}\`: the payload's schema version, a decimal integer. A message without \`${SCHEMA_VERSION}\` is version 1.

**Delivery is at least once.** A consumer commits a message's offset only after it handled it, so after a crash or a rebalance it may see a message again, and a producer may publish one twice. Handle every message idempotently: a render request for a video already rendered may be rendered again (overwrite the same media keys); statuses are ranked (start < script < audio < images < video < uploading < done; failed ends a render) and the status ingester records a status only if it ranks above the last one recorded for the video and the render has not ended: a repeated or late status changes nothing.

**A worker** consumes \`render.requests\` in the consumer group \`render-workers\` and publishes, keyed by the video id, one \`render.status\` message per stage it reaches, in order: start, script (with the script), audio, images, video, uploading, done (with the media: the MP4 and JPEG thumbnail stored in the product's media store under \`videos/<userId>/<videoId>/\`). A request with \`import\` (an uploaded finished video to normalise) has no audio or images stage: start, script, video, uploading, done; a worker may skip a stage it has no work for, never go back. If it gives up it publishes \`failed\` with a reason a person can read; it never reports \`done\` with a video other than the one asked for: a request it cannot honour (a file of the creator's it cannot read, say) ends \`failed\`. The media store is the product's S3 bucket (\`S3_BUCKET\`, keys under \`S3_PREFIX\`), or its media directory when it runs on one machine; the creator's files a request names (\`import.blobKey\`, \`sceneMedia[].blobKey\`) are read from it by key.

**Dead letters.** A message a consumer cannot read (invalid JSON, a payload that does not match its schema, a schema version newer than it reads) or whose handling keeps failing after its retries is published to \`<topic>.dlq\`, with the original bytes, key and headers and \`${DEAD_LETTER_HEADERS.reason}\`, \`${DEAD_LETTER_HEADERS.groupId}\`, \`${DEAD_LETTER_HEADERS.at}\`, \`${DEAD_LETTER_HEADERS.topic}\`, \`${DEAD_LETTER_HEADERS.partition}\`, \`${DEAD_LETTER_HEADERS.offset}\` and \`${DEAD_LETTER_HEADERS.redeliveries}\` headers; the consumer carries on with the next message. Operators list and replay them with \`npm run bus -- dlq list|replay <topic>\`.

**Versioning.** Within a schema version only additive changes are made: a new optional field, a new header. Consumers ignore fields and headers they do not know. A breaking change raises \`${SCHEMA_VERSION}\`; the product's consumers read every older version (upcast on read, as for events) before any producer writes the new one, and a consumer that gets a version newer than it knows dead-letters the message instead of guessing. A change that cannot be upcast gets a new topic (\`render.requests.v2\`).`;

function keyBinding(contract: TopicContract): JsonSchema {
  return {
    kafka: {
      key: { type: 'string', description: `The video id (\`${contract.keyField}\` of the payload): one video's messages stay on one partition, in order.` },
      bindingVersion: KAFKA_BINDING_VERSION,
    },
  };
}

function messageOf(contract: TopicContract): JsonSchema {
  return {
    name: contract.message,
    title: contract.title,
    summary: contract.summary,
    contentType: 'application/json',
    headers: { schemaFormat: ASYNCAPI_SCHEMA_FORMAT, schema: messageJsonSchema(contract.headers) },
    payload: { schemaFormat: ASYNCAPI_SCHEMA_FORMAT, schema: messageJsonSchema(contract.schema) },
    correlationId: { description: 'The user action the message descends from.', location: '$message.header#/correlationId' },
    bindings: keyBinding(contract),
    'x-schema-version': contract.version,
    'x-produced-by': contract.producedBy,
  };
}

function deadLetterMessageOf(contract: TopicContract): JsonSchema {
  return {
    name: `${contract.message}DeadLetter`,
    title: `${contract.title} (dead letter)`,
    summary: `A ${contract.topic} message a consumer gave up: the original bytes, key and headers, and why.`,
    contentType: 'application/octet-stream',
    headers: { schemaFormat: ASYNCAPI_SCHEMA_FORMAT, schema: messageJsonSchema(deadLetterHeadersSchema) },
    payload: { schemaFormat: ASYNCAPI_SCHEMA_FORMAT, schema: { description: `The original message's bytes, unchanged (normally a ${contract.title.toLowerCase()}, but possibly anything: that may be why it is here).` } },
    bindings: keyBinding(contract),
  };
}

/** `render.requests` → `renderRequests`, `status-ingester` → `statusIngester`. */
const camelCase = (name: string) => name.replace(/[.-](.)/g, (_, c: string) => c.toUpperCase());
const channelId = (contract: TopicContract) => camelCase(contract.topic);
const capitalized = (text: string) => text.replace(/^./, (c) => c.toUpperCase());

export function asyncApiDocument(topics: readonly TopicContract[] = BUS_TOPICS): AsyncApiDocument {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const contract of topics) {
    const id = channelId(contract);
    const dlqId = `${id}DeadLetters`;
    messages[contract.message] = messageOf(contract);
    messages[`${contract.message}DeadLetter`] = deadLetterMessageOf(contract);
    channels[id] = {
      address: contract.topic,
      title: contract.title,
      description: `${contract.summary} Key: the video id. Produced by ${contract.producedBy}.`,
      messages: { [contract.message]: { $ref: `#/components/messages/${contract.message}` } },
      bindings: { kafka: { topic: contract.topic, bindingVersion: KAFKA_BINDING_VERSION } },
    };
    channels[dlqId] = {
      address: deadLetterTopic(contract.topic),
      title: `${contract.title} dead letters`,
      description: `What the consumers of ${contract.topic} could not read or kept failing on.`,
      messages: { [`${contract.message}DeadLetter`]: { $ref: `#/components/messages/${contract.message}DeadLetter` } },
      bindings: { kafka: { topic: deadLetterTopic(contract.topic), bindingVersion: KAFKA_BINDING_VERSION } },
    };
    operations[`send${capitalized(contract.message)}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${id}` },
      summary: `Published by ${contract.producedBy}.`,
      messages: [{ $ref: `#/channels/${id}/messages/${contract.message}` }],
    };
    for (const group of contract.consumerGroups) {
      operations[`receive${capitalized(contract.message)}In${capitalized(camelCase(group.groupId))}`] = {
        action: 'receive',
        channel: { $ref: `#/channels/${id}` },
        summary: `Consumed by ${group.who}, in consumer group \`${group.groupId}\`.`,
        messages: [{ $ref: `#/channels/${id}/messages/${contract.message}` }],
        bindings: { kafka: { groupId: { type: 'string', enum: [group.groupId] }, bindingVersion: KAFKA_BINDING_VERSION } },
      };
    }
    operations[`send${capitalized(contract.message)}DeadLetter`] = {
      action: 'send',
      channel: { $ref: `#/channels/${dlqId}` },
      summary: `Published by a consumer of ${contract.topic} that gives a message up; read and replayed by operators (\`npm run bus -- dlq list|replay ${contract.topic}\`).`,
      messages: [{ $ref: `#/channels/${dlqId}/messages/${contract.message}DeadLetter` }],
    };
  }
  const version = Math.max(...topics.map((contract) => contract.version));
  return {
    asyncapi: '3.0.0',
    info: { title: 'Faceless Studio render bus', version: `${version}.0.0`, description: DESCRIPTION },
    defaultContentType: 'application/json',
    channels,
    operations,
    components: { messages },
  };
}
