import { randomUUID } from 'node:crypto';
import type { CommandMetadata, Decider } from '@app/domain';
import { WrongExpectedRevisionError, type EventStore, type NewEvent } from '../event-store/port';
import { cachedFold, foldCached, rememberAppend } from './state-cache';
import { metrics } from '../observability/metrics';

export interface HandleResult<E> {
  events: E[];
  /** Global position of the last event appended; the stream's head when nothing was appended. */
  position: number;
  nextExpectedRevision: number;
}

export interface HandleOptions {
  /** How many times to re-read and re-decide after a concurrent write. */
  retries?: number;
  /** Deterministic event ids make a retried command a no-op at the store (idempotency by event id). */
  eventIds?: (index: number) => string;
}

type AnyCommand = { type: string; metadata: CommandMetadata };
type AnyEvent = { type: string; data: unknown };

/**
 * Decide on the state this process last folded of the stream, without reading the store, and append
 * with its revision as the expected one: if any process appended since, the store refuses, and the
 * command reads what was appended meanwhile and decides again. A rejection or a no-op decided on a
 * kept state is decided again on a fresh read before it is answered, since that state may be behind.
 * The decider's typed errors pass through untouched. Commands of this process on one stream run one
 * at a time (`oneAtATime`).
 */
export function handle<C extends AnyCommand, E extends AnyEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  options: HandleOptions = {},
): Promise<HandleResult<E>> {
  return oneAtATime(store, streamId, () => decideAndAppend(store, streamId, decider, command, options));
}

/** The commands of this process waiting for (or running on) each stream, by store: the last one's settling. */
const inFlight = new WeakMap<EventStore, Map<string, Promise<void>>>();

/**
 * The commands of one process on one stream run one after the other, each deciding on the state the
 * one before left: commands on one stream at once (a double click, two tabs, a reactor beside a
 * request) then never clash with each other, and only another process's write is left to the
 * expected revision and the retries. Commands on other streams do not wait.
 */
function oneAtATime<T>(store: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  let byStream = inFlight.get(store);
  if (!byStream) inFlight.set(store, (byStream = new Map()));
  const before = byStream.get(streamId);
  const result = before ? before.then(work) : work();
  const settled = result.then(() => undefined, () => undefined);
  byStream.set(streamId, settled);
  void settled.then(() => {
    if (byStream.get(streamId) === settled) byStream.delete(streamId);
  });
  return result;
}

async function decideAndAppend<C extends AnyCommand, E extends AnyEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  options: HandleOptions,
): Promise<HandleResult<E>> {
  const retries = options.retries ?? 3;
  // The first try decides on the kept state, unread; a clash it causes is not one of the retries.
  let guess = cachedFold(store, streamId, decider);
  for (let attempt = 0; ; ) {
    const guessed = guess !== undefined;
    const folded = guess ?? (await foldCached(store, streamId, decider));
    guess = undefined;
    let events: E[];
    try {
      events = decider.decide(command, folded.state);
    } catch (error) {
      if (guessed) continue;
      metrics.commands.inc({ type: command.type, outcome: 'rejected' });
      throw error;
    }
    const revision = folded.revision;
    if (events.length === 0) {
      if (guessed) continue;
      metrics.commands.inc({ type: command.type, outcome: 'unchanged' });
      return { events, position: folded.position, nextExpectedRevision: revision };
    }
    const toAppend: NewEvent[] = events.map((event, index) => ({
      id: options.eventIds?.(index) ?? randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        correlationId: command.metadata.correlationId,
        causationId: command.metadata.causationId,
        userId: command.metadata.userId,
        timestamp: command.metadata.now,
        commandType: command.type,
      },
    }));
    try {
      const result = await store.append(streamId, toAppend, { expectedRevision: revision === -1 ? 'no_stream' : revision });
      rememberAppend(store, streamId, decider, folded, events, result);
      metrics.commands.inc({ type: command.type, outcome: 'accepted' });
      for (const event of events) metrics.eventsAppended.inc({ type: event.type });
      return { events, position: result.position, nextExpectedRevision: result.nextExpectedRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (guessed) continue;
      if (attempt++ < retries) continue;
      throw error;
    }
  }
}

/** Fold a stream into its state without deciding anything (for checks that span aggregates). */
export async function loadState<E, S>(store: EventStore, streamId: string, decider: Pick<Decider<unknown, E, S>, 'evolve' | 'initialState'>): Promise<{ state: S; revision: number }> {
  const { state, revision } = await foldCached(store, streamId, decider);
  return { state, revision };
}

/**
 * Metadata for a command caused by an HTTP request (its `req.correlationId`) or a message (its
 * correlation id); without one, the command starts a new piece of work.
 */
export function commandMetadata(input: { userId?: string; correlationId?: string; causationId?: string; now?: Date }): CommandMetadata {
  const now = (input.now ?? new Date()).toISOString();
  const correlationId = input.correlationId ?? randomUUID();
  return { now, timestamp: now, userId: input.userId, correlationId, causationId: input.causationId ?? correlationId };
}
