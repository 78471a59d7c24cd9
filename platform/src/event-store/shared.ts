/**
 * Pieces shared by the event-store adapters: expected-revision checks, idempotency
 * classification and the polling catch-up subscription loop (SQLite, PostgreSQL).
 */
import type { EventEmitter } from 'node:events';
import { categoryOf } from '@app/domain';
import { timeSlicer } from '../event-handling/time-slice';
import {
  RECENT_STREAMS_WINDOW,
  IdempotencyConflictError,
  WrongExpectedRevisionError,
  type AppendResult,
  type ExpectedRevision,
  type LogQuery,
  type StreamInfo,
  type StreamsQuery,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
  type SubscriptionOptions,
} from './port';

/** `-1` stands for "the stream does not exist". */
export const NO_STREAM_REVISION = -1;

export function toNumberRevision(expected: bigint | number): number {
  const value = typeof expected === 'bigint' ? Number(expected) : expected;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`expectedRevision must be a non-negative integer, got ${String(expected)}`);
  }
  return value;
}

/** Throws WrongExpectedRevisionError unless `current` (the last revision, -1 when no stream) satisfies `expected`. */
export function checkExpectedRevision(streamId: string, expected: ExpectedRevision, current: number): void {
  const actual = current === NO_STREAM_REVISION ? 'no_stream' : current;
  switch (expected) {
    case 'any':
      return;
    case 'no_stream':
      if (current !== NO_STREAM_REVISION) throw new WrongExpectedRevisionError(streamId, expected, actual);
      return;
    case 'stream_exists':
      if (current === NO_STREAM_REVISION) throw new WrongExpectedRevisionError(streamId, expected, actual);
      return;
    default:
      if (toNumberRevision(expected) !== current) throw new WrongExpectedRevisionError(streamId, expected, actual);
  }
}

/** Rejects malformed batches before touching the store. */
export function validateBatch(streamId: string, events: NewEvent[]): void {
  if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('streamId must be a non-empty string');
  const ids = new Set<string>();
  for (const event of events) {
    if (typeof event.id !== 'string' || event.id.length === 0) throw new TypeError('every event needs a non-empty id');
    if (typeof event.type !== 'string' || event.type.length === 0) throw new TypeError('every event needs a non-empty type');
    if (ids.has(event.id)) throw new TypeError(`event id ${event.id} appears twice in one batch`);
    ids.add(event.id);
  }
}

export interface KnownEvent {
  id: string;
  revision: number;
  position: number;
}

/**
 * Given the events of the batch the stream already holds: `undefined` when none (a fresh append),
 * the original result when all (a retry: a no-op), IdempotencyConflictError when some.
 */
export function classifyRetry(streamId: string, events: NewEvent[], known: KnownEvent[]): AppendResult | undefined {
  if (known.length === 0) return undefined;
  if (known.length < events.length) {
    const knownIds = new Set(known.map((k) => k.id));
    throw new IdempotencyConflictError(
      streamId,
      events.filter((e) => knownIds.has(e.id)).map((e) => e.id),
      events.filter((e) => !knownIds.has(e.id)).map((e) => e.id),
    );
  }
  let last = known[0];
  for (const k of known) if (k.revision > last.revision) last = k;
  return { nextExpectedRevision: last.revision, position: last.position };
}

/**
 * A resettable wake-up: `notify()` wakes the current waiter; a notification that arrives between
 * `snapshot()` and `wait()` is not lost (the version moved on, so `wait` returns at once).
 */
export class Wakeup {
  private version = 0;
  private waiter: (() => void) | undefined;

  notify = (): void => {
    this.version++;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  };

  snapshot(): number {
    return this.version;
  }

  /** Resolves true when notified (now or since `since`), false when `timeoutMs` passed first. */
  wait(since: number, timeoutMs: number): Promise<boolean> {
    if (this.version !== since) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (notified: boolean): void => {
        clearTimeout(timer);
        if (this.waiter === wake) this.waiter = undefined;
        resolve(notified);
      };
      const wake = (): void => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiter = wake;
    });
  }
}

/**
 * The newest unbroken run of the log this process knows: the events it appended last (SQLite), or
 * read last (`sharePageReads`). A subscription woken by an append reads its page here instead of
 * every subscription reading (and parsing) the same new events from the store. A page is served
 * only when the run covers every position after the asked one; anything else (older events,
 * another process's appends after the run) is read from the store. Events are frozen: every
 * subscriber shares them.
 */
export class RecentAppends {
  private events: RecordedEvent[] = [];
  /** The log's head just before events[0]: the run covers (start, last event]. -1: nothing known. */
  private start = -1;

  private staged: { headBefore: number; appended: RecordedEvent[] } | null = null;

  constructor(private readonly capacity = 2048) {}

  /**
   * Inside a transaction, before its first write: the log's head as it found it. The appends
   * committed together (a group commit) then make one run from there.
   */
  begin(headBefore: number): void {
    this.staged = { headBefore, appended: [] };
  }

  /** Inside the transaction, after `begin`: what an append wrote. */
  stage(appended: RecordedEvent[]): void {
    if (!this.staged) throw new Error('RecentAppends.stage() before begin(): the run would not know where it starts');
    this.staged.appended.push(...appended);
  }

  /** After the transaction: keeps what it staged if it committed, drops it if not. */
  settle(committed: boolean): void {
    const staged = this.staged;
    this.staged = null;
    if (committed && staged) this.record(staged.headBefore, staged.appended);
  }

  /**
   * A run read from the store (the events after `headBefore`), kept when it continues this one or
   * lies past it; a run behind it (a slower reader's page) is left out, so the run stays the newest.
   */
  extend(headBefore: number, read: RecordedEvent[]): void {
    const end = this.events.length > 0 ? this.events[this.events.length - 1].position : this.start;
    if (read.length > 0 && (this.start < 0 || headBefore >= end)) this.record(headBefore, read);
  }

  private record(headBefore: number, appended: RecordedEvent[]): void {
    const end = this.events.length > 0 ? this.events[this.events.length - 1].position : this.start;
    if (headBefore !== end) {
      this.events = [];
      this.start = headBefore;
    }
    for (const event of appended) this.events.push(deepFreeze(event));
    if (this.events.length > 2 * this.capacity) {
      const dropped = this.events.length - this.capacity;
      this.start = this.events[dropped - 1].position;
      this.events = this.events.slice(dropped);
    }
  }

  /** Up to `maxCount` events after `after` when this run holds them, else null (read the store). */
  page(after: number, maxCount: number): RecordedEvent[] | null {
    const { events } = this;
    if (this.start < 0 || after < this.start || events.length === 0 || after >= events[events.length - 1].position) return null;
    let low = 0;
    let high = events.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (events[middle].position <= after) low = middle + 1;
      else high = middle;
    }
    return events.slice(low, low + maxCount);
  }
}

/**
 * Page reads shared by the subscriptions of one process, for a store whose positions are gap-free
 * and committed in order (a page is then an unbroken run of the log). An append wakes every
 * subscription (the projections, each reactor) and they page through the same new events, each at
 * its own pace: the one ahead reads from the store, the others get the same run from memory, and
 * those that ask for the same page at once share one query. Events are frozen: every subscriber
 * holds the same objects.
 */
export function sharePageReads(readPage: (after: number, maxCount: number) => Promise<RecordedEvent[]>, capacity = 2048): (after: number, maxCount: number) => Promise<RecordedEvent[]> {
  const inFlight = new Map<string, Promise<RecordedEvent[]>>();
  const recent = new RecentAppends(capacity);
  return (after, maxCount) => {
    const kept = recent.page(after, maxCount);
    if (kept) return Promise.resolve(kept);
    const key = `${after}/${maxCount}`;
    let page = inFlight.get(key);
    if (!page) {
      page = readPage(after, maxCount)
        .then((events) => {
          recent.extend(after, events);
          return recent.page(after, maxCount) ?? events.map(deepFreeze);
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, page);
    }
    return page;
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export interface PollingSubscriptionDeps {
  /** Events with position > after, in position order, at most `maxCount`. */
  readPage(after: number, maxCount: number): Promise<RecordedEvent[]>;
  /**
   * Something that calls `listener` after an in-process append (may be undefined), with the log's
   * head after it when the store knows it.
   */
  onAppended?: (listener: (head?: number) => void) => () => void;
  pollIntervalMs: number;
  pageSize: number;
}

/**
 * Catch-up subscription over a store whose global position order equals commit order:
 * reads pages after the checkpoint, delivers one event at a time awaiting the handler,
 * reports caught-up, then waits for an in-process notification or the poll interval.
 */
export function startPollingSubscription(options: SubscriptionOptions, deps: PollingSubscriptionDeps): Subscription {
  const wakeup = new Wakeup();
  // The furthest position in-process appends announced; an append that names none is always news.
  let announced = 0;
  const unlisten = deps.onAppended?.((head) => {
    announced = Math.max(announced, head ?? Number.POSITIVE_INFINITY);
    wakeup.notify();
  });
  let stopped = false;

  /**
   * Until an in-process append announces an event after `checkpoint`, or the poll interval passes
   * (another process's appends). The notice of an append comes after its commit, often after the
   * page that held it was read: it is not news, and costs no empty read.
   */
  const waitForNews = async (since: number, checkpoint: number): Promise<void> => {
    const deadline = Date.now() + deps.pollIntervalMs;
    let version = since;
    while (await wakeup.wait(version, Math.max(0, deadline - Date.now()))) {
      if (stopped || announced > checkpoint) return;
      version = wakeup.snapshot();
    }
  };

  const run = async (): Promise<void> => {
    let checkpoint = options.after ?? 0;
    let reported: number | undefined;
    // Catching up must leave the process's requests their turns.
    const yieldToLoop = timeSlicer();
    let failures = 0;
    try {
      while (!stopped) {
        const seen = wakeup.snapshot();
        let page: RecordedEvent[];
        try {
          page = await deps.readPage(checkpoint, deps.pageSize);
          failures = 0;
        } catch (error) {
          // The store is unreachable for now: try again, from the same checkpoint.
          if (stopped) return;
          options.onReadError?.(error, ++failures);
          await wakeup.wait(wakeup.snapshot(), Math.min(5000, 100 * 2 ** Math.min(failures, 6))); // backs off; stop() still wakes it
          continue;
        }
        for (const event of page) {
          if (stopped) return;
          await options.handler(event);
          checkpoint = event.position;
          await yieldToLoop();
        }
        if (stopped) return;
        if (page.length < deps.pageSize) {
          if (reported !== checkpoint) {
            reported = checkpoint;
            options.onCaughtUp?.(checkpoint);
          }
          await waitForNews(seen, checkpoint);
        }
      }
    } catch (error) {
      stopped = true;
      options.onError?.(error);
    } finally {
      unlisten?.();
    }
  };

  const done = run();
  return {
    stop: async () => {
      stopped = true;
      wakeup.notify();
      await done;
    },
  };
}

/**
 * A polling subscription woken by the store's in-process 'appended' events and kept in `open`
 * until stopped, so the store can stop what is still running when it closes.
 */
export function startTrackedSubscription(
  open: Set<Subscription>,
  options: SubscriptionOptions,
  deps: Omit<PollingSubscriptionDeps, 'onAppended'> & { appended: EventEmitter },
): Subscription {
  const inner = startPollingSubscription(options, {
    readPage: deps.readPage,
    onAppended: (listener) => {
      deps.appended.on('appended', listener);
      return () => deps.appended.off('appended', listener);
    },
    pollIntervalMs: deps.pollIntervalMs,
    pageSize: deps.pageSize,
  });
  const subscription: Subscription = {
    stop: async () => {
      open.delete(subscription);
      await inner.stop();
    },
  };
  open.add(subscription);
  return subscription;
}

/** Whether an event passes a log query's filters (positions aside). */
export function matchesLog(event: RecordedEvent, query: LogQuery): boolean {
  if (query.streamId !== undefined && event.streamId !== query.streamId) return false;
  if (query.category !== undefined && categoryOf(event.streamId) !== query.category) return false;
  if (query.type !== undefined && event.type !== query.type) return false;
  if (query.correlationId !== undefined && event.metadata?.correlationId !== query.correlationId) return false;
  if (query.recordedFrom !== undefined && Date.parse(event.recordedAt) < Date.parse(query.recordedFrom)) return false;
  if (query.recordedTo !== undefined && Date.parse(event.recordedAt) > Date.parse(query.recordedTo)) return false;
  return true;
}

/**
 * readLog for an adapter without filtered reads (KurrentDB): page through readAll and filter
 * here. Correct on any store; its cost grows with what it skips.
 */
export async function scanLog(readPage: (after: number, maxCount: number) => Promise<RecordedEvent[]>, query: LogQuery): Promise<RecordedEvent[]> {
  const found: RecordedEvent[] = [];
  let after = query.after ?? 0;
  for (;;) {
    const page = await readPage(after, 1000);
    for (const event of page) {
      if (query.until !== undefined && event.position > query.until) return found;
      if (matchesLog(event, query)) found.push(event);
      if (found.length >= query.limit) return found;
    }
    if (page.length < 1000) return found;
    after = page[page.length - 1].position;
  }
}

/** Streams in the order their last events come, newest first; `events` newest first. */
export function collectStreams(events: Iterable<Pick<RecordedEvent, 'streamId' | 'revision' | 'position' | 'type' | 'recordedAt'>>, query: StreamsQuery): StreamInfo[] {
  const streams = new Map<string, StreamInfo>();
  let scanned = 0;
  for (const event of events) {
    if (++scanned > RECENT_STREAMS_WINDOW || event.position <= (query.after ?? 0)) break;
    if (query.category !== undefined && categoryOf(event.streamId) !== query.category) continue;
    if (streams.has(event.streamId)) continue;
    streams.set(event.streamId, { streamId: event.streamId, revision: event.revision, lastPosition: event.position, lastEventType: event.type, lastRecordedAt: event.recordedAt });
    if (streams.size >= query.limit) break;
  }
  return [...streams.values()];
}

/** The WHERE clause of a log query, for SQL adapters (`?` or `$n` placeholders). */
export function logWhere(query: LogQuery, columns: { category: string; correlationId: string }, placeholder: (index: number) => string): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return placeholder(params.length);
  };
  clauses.push(`position > ${bind(query.after ?? 0)}`);
  if (query.until !== undefined) clauses.push(`position <= ${bind(query.until)}`);
  if (query.streamId !== undefined) clauses.push(`stream_id = ${bind(query.streamId)}`);
  if (query.category !== undefined) clauses.push(`${columns.category} = ${bind(query.category)}`);
  if (query.type !== undefined) clauses.push(`type = ${bind(query.type)}`);
  if (query.correlationId !== undefined) clauses.push(`${columns.correlationId} = ${bind(query.correlationId)}`);
  if (query.recordedFrom !== undefined) clauses.push(`recorded_at >= ${bind(query.recordedFrom)}`);
  if (query.recordedTo !== undefined) clauses.push(`recorded_at <= ${bind(query.recordedTo)}`);
  return { sql: clauses.join(' AND '), params };
}
