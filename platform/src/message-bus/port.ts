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
}

export interface Consumer {
  stop(): Promise<void>;
}

export interface MessageBus {
  readonly kind: string;
  /** Resolves once the broker has acknowledged every message. */
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  subscribe(topic: string, options: ConsumerOptions): Promise<Consumer>;
  close(): Promise<void>;
}

export const TOPICS = {
  renderRequests: 'render.requests',
  renderStatus: 'render.status',
} as const;
