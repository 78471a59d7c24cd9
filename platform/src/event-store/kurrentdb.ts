/**
 * EventStore on KurrentDB (formerly EventStoreDB) through the official `@kurrent/kurrentdb-client`.
 *
 * - The port's global position is the event's commit position in the transaction log (a number;
 *   strictly increasing, not dense). System events (`$`-prefixed types) are filtered out.
 * - `expectedRevision` maps to the client's `streamState`.
 * - Idempotency: the server deduplicates a retried batch by event id. When it rejects a retry
 *   because the expected revision moved on (or a batch mixes known and new ids), the adapter
 *   reads the stream to tell a retry (return the original result) from a mix (IdempotencyConflictError)
 *   from a real conflict (WrongExpectedRevisionError).
 */
import {
  ANY,
  END,
  FORWARDS,
  BACKWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  KurrentDBClient,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { RECENT_STREAMS_WINDOW, WrongExpectedRevisionError, type AppendResult, type EventStore, type ExpectedRevision, type RecordedEvent, type Subscription, type SubscriptionOptions } from './port';
import { NO_STREAM_REVISION, checkExpectedRevision, classifyRetry, collectStreams, scanLog, toNumberRevision, validateBatch, type KnownEvent } from './shared';

export interface KurrentDbEventStoreOptions {
  /** kurrentdb://host:2113?tls=false (esdb:// is accepted and rewritten). */
  connectionString?: string;
  /** Or an existing client (not disposed by close()). */
  client?: KurrentDBClient;
}

type KurrentRecorded = NonNullable<ResolvedEvent['event']>;

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(toNumberRevision(expected));
  }
}

function positionOf(event: KurrentRecorded): number {
  if (!event.position) throw new Error(`event ${event.id} in ${event.streamId} has no log position`);
  return Number(event.position.commit);
}

function decodeJson(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    if (value.length === 0) return undefined;
    return JSON.parse(Buffer.from(value).toString('utf8'));
  }
  return value;
}

function toRecorded(event: KurrentRecorded): RecordedEvent {
  const metadata = decodeJson(event.metadata);
  return {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    data: decodeJson(event.data) ?? null,
    metadata: metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>) : {},
    revision: Number(event.revision),
    position: positionOf(event),
    recordedAt: event.created.toISOString(),
  };
}

function isUserEvent(resolved: AllStreamResolvedEvent): resolved is AllStreamResolvedEvent & { event: KurrentRecorded } {
  return resolved.event !== undefined && !resolved.event.type.startsWith('$') && !resolved.event.streamId.startsWith('$');
}

/** A log position from the port's number (commit == prepare outside explicit transactions). */
function logPosition(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

export function openKurrentDbEventStore(options: KurrentDbEventStoreOptions): EventStore {
  const ownsClient = !options.client;
  const client =
    options.client ??
    KurrentDBClient.connectionString(
      (options.connectionString ?? '').replace(/^esdb(\+discover)?:\/\//, (_m, discover: string | undefined) => `kurrentdb${discover ?? ''}://`),
    );
  const subscriptions = new Set<Subscription>();
  let closed = false;

  async function readWholeStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, { fromRevision: BigInt(fromRevision), direction: FORWARDS })) {
        if (resolved.event) events.push(toRecorded(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async function readPage(after: number, maxCount: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    const reads = client.readAll({
      fromPosition: after > 0 ? logPosition(after) : START,
      direction: FORWARDS,
      filter: excludeSystemEvents(),
      // One extra: the read starts at `after` itself, which is excluded below.
      maxCount: maxCount + 1,
    });
    for await (const resolved of reads) {
      if (!isUserEvent(resolved)) continue;
      const event = toRecorded(resolved.event);
      if (event.position <= after) continue;
      events.push(event);
      if (events.length >= maxCount) break;
    }
    return events;
  }

  const store: EventStore = {
    kind: 'kurrentdb',

    async append(streamId, events, appendOptions): Promise<AppendResult> {
      validateBatch(streamId, events);
      const expected = appendOptions?.expectedRevision ?? 'any';
      if (events.length === 0) {
        const existing = await readWholeStream(streamId);
        const last = existing.at(-1);
        checkExpectedRevision(streamId, expected, last?.revision ?? NO_STREAM_REVISION);
        return { nextExpectedRevision: last?.revision ?? NO_STREAM_REVISION, position: last?.position ?? 0 };
      }
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((e) =>
            jsonEvent({
              id: e.id,
              type: e.type,
              data: (e.data ?? null) as Record<string, unknown>,
              metadata: (e.metadata ?? {}) as Record<string, unknown>,
            }),
          ),
          { streamState: toStreamState(expected) },
        );
        if (result.position) {
          return { nextExpectedRevision: Number(result.nextExpectedRevision), position: Number(result.position.commit) };
        }
        // An idempotent repeat may come back without a position: read the original.
        const original = await readWholeStream(streamId, Number(result.nextExpectedRevision));
        const last = original.at(-1);
        return { nextExpectedRevision: Number(result.nextExpectedRevision), position: last?.position ?? 0 };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        // A retry whose expected revision no longer matches, a mixed batch, or a real conflict.
        const existing = await readWholeStream(streamId);
        const ids = new Set(events.map((e) => e.id));
        const known: KnownEvent[] = existing.filter((e) => ids.has(e.id)).map((e) => ({ id: e.id, revision: e.revision, position: e.position }));
        const retry = classifyRetry(streamId, events, known);
        if (retry) return retry;
        const actual = error.actualState;
        throw new WrongExpectedRevisionError(streamId, expected, typeof actual === 'bigint' ? Number(actual) : 'no_stream');
      }
    },

    async readStream(streamId, readOptions) {
      return readWholeStream(streamId, readOptions?.fromRevision ?? 0);
    },

    async readAll(readOptions) {
      const after = readOptions?.after ?? 0;
      return readPage(after, readOptions?.maxCount ?? Number.MAX_SAFE_INTEGER - 1);
    },

    // KurrentDB has no secondary indexes on our fields: the log is scanned forwards (filtered here)
    // and the recent streams are read backwards from the end.
    async readLog(query) {
      return scanLog(readPage, query);
    },

    async listStreams(query) {
      const reads = client.readAll({ fromPosition: END, direction: BACKWARDS, filter: excludeSystemEvents(), maxCount: RECENT_STREAMS_WINDOW });
      const events = async function* () {
        for await (const resolved of reads) if (isUserEvent(resolved)) yield toRecorded(resolved.event);
      };
      const newestFirst: RecordedEvent[] = [];
      for await (const event of events()) newestFirst.push(event);
      return collectStreams(newestFirst, query);
    },

    subscribeToAll(subscriptionOptions: SubscriptionOptions): Subscription {
      if (closed) throw new Error('event store is closed');
      const after = subscriptionOptions.after ?? 0;
      const live = client.subscribeToAll({
        fromPosition: after > 0 ? logPosition(after) : START,
        filter: excludeSystemEvents(),
      });
      let stopped = false;
      let handling = false;
      let caughtUpPending = false;
      let checkpoint = after;
      let reported: number | undefined;

      const reportCaughtUp = (): void => {
        caughtUpPending = false;
        if (reported === checkpoint) return;
        reported = checkpoint;
        subscriptionOptions.onCaughtUp?.(checkpoint);
      };
      // The server says "caught up" when it has sent everything; report it once the handler
      // has also processed everything buffered.
      live.on('caughtUp', () => {
        if (stopped) return;
        if (!handling && live.readableLength === 0) reportCaughtUp();
        else caughtUpPending = true;
      });
      live.on('fellBehind', () => {
        caughtUpPending = false;
      });

      const run = async (): Promise<void> => {
        try {
          for await (const resolved of live) {
            if (stopped) break;
            if (!isUserEvent(resolved)) continue;
            const event = toRecorded(resolved.event);
            if (event.position <= checkpoint) continue;
            handling = true;
            try {
              await subscriptionOptions.handler(event);
            } finally {
              handling = false;
            }
            checkpoint = event.position;
            if (stopped) break;
            if (caughtUpPending && live.readableLength === 0) reportCaughtUp();
          }
        } catch (error) {
          if (!stopped) {
            stopped = true;
            subscriptionOptions.onError?.(error);
          }
        } finally {
          await live.unsubscribe().catch(() => undefined);
        }
      };
      const done = run();

      const subscription: Subscription = {
        stop: async () => {
          subscriptions.delete(subscription);
          if (!stopped) {
            stopped = true;
            if (!handling) await live.unsubscribe().catch(() => undefined);
          }
          await done;
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      for await (const resolved of client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1, filter: excludeSystemEvents() })) {
        if (isUserEvent(resolved)) return positionOf(resolved.event);
      }
      return 0;
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      if (ownsClient) await client.dispose();
    },
  };
  return store;
}
