/**
 * EventStore port. Adapters: embedded SQLite (default), PostgreSQL, KurrentDB.
 * All pass `event-store.contract.ts`.
 *
 * Revisions are per stream, 0-based (the first event of a stream has revision 0).
 * Positions are global, strictly increasing in commit order, starting at 1.
 */
export type ExpectedRevision =
  | 'any'
  /** The stream must not exist yet. */
  | 'no_stream'
  /** The stream must have at least one event. */
  | 'stream_exists'
  /** The revision of the stream's last event. */
  | bigint
  | number;

export interface NewEvent {
  /** Unique id; appending an event whose id the stream already holds is a no-op (idempotency). */
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

export interface RecordedEvent {
  id: string;
  streamId: string;
  type: string;
  data: any;
  metadata: Record<string, any>;
  /** 0-based revision within its stream. */
  revision: number;
  /** Global position, strictly increasing in commit order. */
  position: number;
  /** ISO-8601 instant of the append. */
  recordedAt: string;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append. */
  nextExpectedRevision: number;
  /** Global position of the last event appended (or already present, for an idempotent repeat). */
  position: number;
}

export interface ReadAllOptions {
  /** Exclusive: events with position > after. Default 0 (from the start). */
  after?: number;
  maxCount?: number;
}

/** A filtered page of the global log, for analysts (issue 14). Every field narrows; all are optional but `limit`. */
export interface LogQuery {
  /** Exclusive: events with position > after. Default 0. */
  after?: number;
  /** Inclusive upper bound on the position. */
  until?: number;
  limit: number;
  streamId?: string;
  /** The part of the stream id before its first '-' (`video` for `video-1f2e`). */
  category?: string;
  type?: string;
  /** Events of one user action: metadata.correlationId (what a command and everything it caused share). */
  correlationId?: string;
  /** Inclusive bounds on recordedAt (ISO-8601 instants). */
  recordedFrom?: string;
  recordedTo?: string;
}

/** A stream as the log last changed it. */
export interface StreamInfo {
  streamId: string;
  revision: number;
  lastPosition: number;
  lastEventType: string;
  lastRecordedAt: string;
}

export interface StreamsQuery {
  category?: string;
  /** Only streams changed after this position. */
  after?: number;
  limit: number;
}

/** How far back `listStreams` looks for recently changed streams. */
export const RECENT_STREAMS_WINDOW = 50_000;

export interface SubscriptionOptions {
  /** Exclusive checkpoint: deliver events with position > after. */
  after?: number;
  /** Called in position order, one at a time; the subscription waits for each promise. */
  handler: (event: RecordedEvent) => Promise<void>;
  /** Called every time the subscription has delivered everything committed so far. */
  onCaughtUp?: (position: number) => void;
  /** Called if the handler throws; the subscription stops. */
  onError?: (error: unknown) => void;
  /**
   * Called when reading the store fails (it restarts, the network drops): the subscription keeps
   * trying, backing off up to 5 s, and goes on from where it was once the store answers.
   */
  onReadError?: (error: unknown, failures: number) => void;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventStore {
  readonly kind: string;
  append(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /** All events of a stream in revision order; [] if it does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** A filtered page of the global log in position order (indexed on SQLite and PostgreSQL). */
  readLog(query: LogQuery): Promise<RecordedEvent[]>;
  /**
   * Streams most recently changed first, among the last RECENT_STREAMS_WINDOW events of the
   * category (or of the whole log).
   */
  listStreams(query: StreamsQuery): Promise<StreamInfo[]>;
  /** Catch-up subscription to all events; never skips or reorders, also under concurrent writers. */
  subscribeToAll(options: SubscriptionOptions): Subscription;
  /** Position of the last committed event (0 when empty). */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

/** Thrown when expectedRevision does not match. Mapped to 409 over HTTP. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Wrong expected revision for ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * Thrown when a batch mixes event ids the stream already holds with new ones: it is neither a
 * fresh append nor a retry of an earlier one. Mapped to 409 over HTTP.
 */
export class IdempotencyConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly knownIds: string[],
    readonly newIds: string[],
  ) {
    super(`Batch for ${streamId} mixes ${knownIds.length} already-appended event id(s) with ${newIds.length} new one(s)`);
    this.name = 'IdempotencyConflictError';
  }
}
