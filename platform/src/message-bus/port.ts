import { RENDER_REQUESTS, RENDER_STATUS } from '@app/domain';

/**
 * MessageBus port. Adapters: in-process (default), Kafka (kafkajs).
 * Topics carry keyed JSON messages; consumer groups share a topic's partitions;
 * delivery is at-least-once: an offset is committed only after the handler resolves.
 */
export interface OutgoingMessage {
  /** Partition key; all messages of one key are delivered in order. */
  key: string;
  value: unknown;
  headers?: Record<string, string>;
}

export interface IncomingMessage {
  topic: string;
  key: string;
  value: unknown;
  headers: Record<string, string>;
  partition: number;
  offset: string;
  /** How many times this message was handed to a handler of this group before (0 on first delivery). */
  redeliveries: number;
}

export interface ConsumerOptions {
  groupId: string;
  /**
   * Resolve to commit; throw to have the message redelivered (after a backoff).
   * Handlers that want to give up resolve (park the message elsewhere) instead of throwing.
   */
  handler: (message: IncomingMessage) => Promise<void>;
  /** Start from the earliest uncommitted message (default) or only new ones. */
  fromBeginning?: boolean;
  /**
   * Redeliveries after which a message whose handler keeps throwing is given up: published to
   * `<topic>.dlq` and committed, so the partition moves on. Absent: redelivered until it is handled.
   * A handler that throws `UnreadableMessageError` has its message dead-lettered at once.
   */
  maxRedeliveries?: number;
}

/**
 * Thrown by a handler for a message it can never handle (not JSON, not its schema, a schema version
 * it does not know): retrying cannot help, so the bus dead-letters it at once with this reason.
 */
export class UnreadableMessageError extends Error {
  override readonly name = 'UnreadableMessageError';
}

/** A message a consumer group gave up, as it waits in `<topic>.dlq`. */
export interface DeadLetter {
  /** Its place in the dead-letter topic (`partition:offset`): what `replayDeadLetters` picks it by. */
  id: string;
  /** Where it was read from. */
  topic: string;
  partition: number;
  offset: string;
  key: string;
  /** The original bytes, as UTF-8 text. */
  value: string;
  /** The original headers. */
  headers: Record<string, string>;
  reason: string;
  groupId: string;
  /** When it was given up (ISO 8601). */
  at: string;
  redeliveries: number;
}

export interface ReplayOptions {
  /** Only this dead letter (its `id`); default: every one not replayed yet. */
  id?: string;
  /** A corrected body (JSON text) to send instead of the original bytes; only with `id`. */
  value?: string;
}

/** How far a consumer group is behind on one partition: messages published and not yet committed. */
export interface ConsumerLag {
  groupId: string;
  topic: string;
  partition: number;
  /** The next offset the group will read. */
  committed: string;
  /** The offset the next message published there will get. */
  end: string;
  lag: number;
}

export interface Consumer {
  stop(): Promise<void>;
}

export interface MessageBus {
  readonly kind: string;
  /** Resolves once the broker has acknowledged every message. */
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  subscribe(topic: string, options: ConsumerOptions): Promise<Consumer>;
  /** The dead letters of `topic` (read from `<topic>.dlq`) not replayed yet, oldest first per partition. */
  deadLetters(topic: string): Promise<DeadLetter[]>;
  /**
   * Publishes dead letters back to their topic, with their key and headers, and marks them replayed
   * (in the dead-letter topic itself, so the history stays). At least once: a crash between the
   * two may replay one twice, which consumers tolerate. Resolves to what was replayed.
   */
  replayDeadLetters(topic: string, options?: ReplayOptions): Promise<DeadLetter[]>;
  /**
   * Lag per group, topic and partition: of the groups this bus subscribed (`subscribed`) or of every
   * group (`all`); with `groupPrefix`, only the groups whose id starts with it (a broker may hold hundreds).
   */
  lag(scope?: 'subscribed' | 'all', groupPrefix?: string): Promise<ConsumerLag[]>;
  close(): Promise<void>;
}

export const TOPICS = {
  renderRequests: RENDER_REQUESTS.topic,
  renderStatus: RENDER_STATUS.topic,
} as const;
