import type { Decider } from '@app/domain';
import type { AppendResult, EventStore, RecordedEvent } from '../event-store/port';
import { Lru } from '../shared/lru';

type Fold<E, S> = Pick<Decider<unknown, E, S>, 'evolve' | 'initialState'>;

export interface Folded<S> {
  state: S;
  /** The stream's last revision folded in; -1 for a stream with no events. */
  revision: number;
  /** The global position of that event; 0 for none. */
  position: number;
}

/** Streams whose folded state one process keeps per decider (least recently used dropped first). */
export const STATE_CACHE_SIZE = 10_000;

/**
 * Folded aggregate state kept between commands, per event store and per decider: a command reads
 * only the events after the revision it already folded, so its cost no longer grows with its
 * stream. Never a source of truth: every append still carries the expected revision, so a state
 * another process moved past is caught by the store, re-read from the cache's revision and decided
 * again. A decider with another `evolve` (a new object) never sees another's states.
 */
const caches = new WeakMap<EventStore, WeakMap<object, Lru<Folded<unknown>>>>();

function cacheFor(store: EventStore, decider: object): Lru<Folded<unknown>> {
  let byDecider = caches.get(store);
  if (!byDecider) caches.set(store, (byDecider = new WeakMap()));
  let cache = byDecider.get(decider);
  if (!cache) byDecider.set(decider, (cache = new Lru(STATE_CACHE_SIZE)));
  return cache;
}

const asEvent = <E>(r: RecordedEvent) => ({ type: r.type, data: r.data, metadata: r.metadata }) as unknown as E;

/** What this process last folded of the stream, without asking the store: a guess to decide on, checked by the append. */
export function cachedFold<E, S>(store: EventStore, streamId: string, decider: Fold<E, S>): Folded<S> | undefined {
  return cacheFor(store, decider).get(streamId) as Folded<S> | undefined;
}

/** The stream's state now: the cached fold plus whatever was appended since (by any process). */
export async function foldCached<E, S>(store: EventStore, streamId: string, decider: Fold<E, S>): Promise<Folded<S>> {
  const cache = cacheFor(store, decider);
  const cached = cache.get(streamId) as Folded<S> | undefined;
  const newer = await store.readStream(streamId, { fromRevision: cached ? cached.revision + 1 : 0 });
  if (newer.length === 0) return cached ?? { state: decider.initialState(), revision: -1, position: 0 };
  let state = cached?.state ?? decider.initialState();
  for (const recorded of newer) state = decider.evolve(state, asEvent<E>(recorded));
  const last = newer[newer.length - 1];
  const folded = { state, revision: last.revision, position: last.position };
  cache.set(streamId, folded);
  return folded;
}

/**
 * After an append decided on `before`: keep the state with the new events folded in, when the store
 * appended exactly them right after `before` (an idempotent repeat of an earlier append is not).
 */
export function rememberAppend<E, S>(store: EventStore, streamId: string, decider: Fold<E, S>, before: Folded<S>, events: readonly E[], result: AppendResult): void {
  const cache = cacheFor(store, decider);
  if (result.nextExpectedRevision !== before.revision + events.length) {
    cache.delete(streamId);
    return;
  }
  const state = events.reduce((s, event) => decider.evolve(s, event), before.state);
  cache.set(streamId, { state, revision: result.nextExpectedRevision, position: result.position });
}
