/**
 * The one contract every EventStore adapter passes. Run it from an adapter's spec file:
 *
 *   eventStoreContract('sqlite', async () => openSqliteEventStore({ file }));
 *
 * The factory is called once per test and the store closed after it. Tests never assume the
 * store is empty (engines may be shared): each uses fresh stream ids and filters what it reads.
 */
import { randomUUID } from 'node:crypto';
import {
  IdempotencyConflictError,
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type Subscription,
} from './port';

export type EventStoreFactory = () => Promise<EventStore>;

export function aNewEvent(overrides: Partial<NewEvent> = {}): NewEvent {
  return {
    id: randomUUID(),
    type: 'SomethingHappened',
    data: { value: Math.floor(Math.random() * 1_000_000), nested: { list: [1, 'two', null] } },
    metadata: { correlationId: randomUUID() },
    ...overrides,
  };
}

export function someEvents(count: number, type = 'SomethingHappened'): NewEvent[] {
  return Array.from({ length: count }, (_, i) => aNewEvent({ type, data: { index: i } }));
}

export function aStreamId(prefix = 'contract'): string {
  return `${prefix}-${randomUUID()}`;
}

/** Polls a predicate on the event loop (no fixed sleeps): resolves as soon as it holds. */
export async function waitFor(predicate: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A subscription that records what it receives, filtered to some streams. */
function recordSubscription(store: EventStore, options: { after?: number; streams?: Set<string> | ((id: string) => boolean) } = {}) {
  const received: RecordedEvent[] = [];
  const caughtUp: number[] = [];
  const errors: unknown[] = [];
  const accepts =
    options.streams === undefined
      ? () => true
      : typeof options.streams === 'function'
        ? options.streams
        : (id: string) => (options.streams as Set<string>).has(id);
  const subscription = store.subscribeToAll({
    after: options.after,
    handler: async (event) => {
      if (accepts(event.streamId)) received.push(event);
    },
    onCaughtUp: (position) => caughtUp.push(position),
    onError: (error) => errors.push(error),
  });
  return {
    subscription,
    received,
    caughtUp,
    errors,
    /** Resolves once the subscription reported caught up at or beyond `position`. */
    caughtUpTo: (position: number, timeoutMs = 10_000) =>
      waitFor(() => caughtUp.some((p) => p >= position) || errors.length > 0, timeoutMs, `caught up to ${position}`).then(() => {
        if (errors.length > 0) throw errors[0];
      }),
  };
}

export function eventStoreContract(name: string, factory: EventStoreFactory): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    const subscriptions: Subscription[] = [];
    const track = <T extends { subscription: Subscription }>(s: T): T => {
      subscriptions.push(s.subscription);
      return s;
    };

    beforeEach(async () => {
      store = await factory();
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
      await store.close();
    });

    describe('When appending to a new stream', () => {
      it('should read the events back in order with 0-based revisions', async () => {
        const streamId = aStreamId();
        const events = someEvents(3);
        const result = await store.append(streamId, events);

        const read = await store.readStream(streamId);
        expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(read.map((e) => e.streamId)).toEqual([streamId, streamId, streamId]);
        expect(read.map((e) => e.type)).toEqual(['SomethingHappened', 'SomethingHappened', 'SomethingHappened']);
        expect(read.map((e) => e.data)).toEqual(events.map((e) => e.data));
        expect(read.map((e) => e.metadata)).toEqual(events.map((e) => e.metadata));
        expect(result).toEqual({ nextExpectedRevision: 2, position: read[2].position });
      });

      it('should give strictly increasing positions and an ISO-8601 recordedAt', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(4));
        const read = await store.readStream(streamId);
        for (let i = 1; i < read.length; i++) expect(read[i].position).toBeGreaterThan(read[i - 1].position);
        expect(read[0].position).toBeGreaterThanOrEqual(1);
        for (const e of read) expect(new Date(e.recordedAt).toISOString()).toBe(e.recordedAt);
      });

      it('should keep data of any JSON shape', async () => {
        const streamId = aStreamId();
        const data = { text: 'héllo "quoted" \n emoji 🎬', n: 1.5, flag: false, nothing: null, list: [{ a: 1 }, [2]] };
        await store.append(streamId, [aNewEvent({ data, metadata: { userId: 'u-1', correlationId: 'c-1' } })]);
        const [read] = await store.readStream(streamId);
        expect(read.data).toEqual(data);
        expect(read.metadata).toEqual({ userId: 'u-1', correlationId: 'c-1' });
      });
    });

    describe('When appending to an existing stream', () => {
      it('should continue the revisions', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(2));
        const result = await store.append(streamId, someEvents(3));
        expect(result.nextExpectedRevision).toBe(4);
        const read = await store.readStream(streamId);
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      });

      it('should read from a given revision', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(5));
        const read = await store.readStream(streamId, { fromRevision: 3 });
        expect(read.map((e) => e.revision)).toEqual([3, 4]);
      });
    });

    describe('When reading a stream that does not exist', () => {
      it('should return no events', async () => {
        expect(await store.readStream(aStreamId())).toEqual([]);
      });
    });

    describe('When the expected revision is "any"', () => {
      it('should append whatever the stream state', async () => {
        const streamId = aStreamId();
        await expect(store.append(streamId, someEvents(1), { expectedRevision: 'any' })).resolves.toMatchObject({ nextExpectedRevision: 0 });
        await expect(store.append(streamId, someEvents(1), { expectedRevision: 'any' })).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });
    });

    describe('When the expected revision is "no_stream"', () => {
      it('should append to a stream that does not exist', async () => {
        const streamId = aStreamId();
        await expect(store.append(streamId, someEvents(2), { expectedRevision: 'no_stream' })).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });

      it('should throw WrongExpectedRevisionError when the stream exists', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(2));
        const error = await store.append(streamId, someEvents(1), { expectedRevision: 'no_stream' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamId, expected: 'no_stream', actual: 1 });
        expect(await store.readStream(streamId)).toHaveLength(2);
      });
    });

    describe('When the expected revision is "stream_exists"', () => {
      it('should append to a stream that has events', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(1));
        await expect(store.append(streamId, someEvents(1), { expectedRevision: 'stream_exists' })).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });

      it('should throw WrongExpectedRevisionError when the stream does not exist', async () => {
        const streamId = aStreamId();
        const error = await store.append(streamId, someEvents(1), { expectedRevision: 'stream_exists' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamId, expected: 'stream_exists', actual: 'no_stream' });
        expect(await store.readStream(streamId)).toEqual([]);
      });
    });

    describe('When the expected revision is a number', () => {
      it('should append when it is the revision of the last event', async () => {
        const streamId = aStreamId();
        const first = await store.append(streamId, someEvents(3));
        const second = await store.append(streamId, someEvents(1), { expectedRevision: first.nextExpectedRevision });
        expect(second.nextExpectedRevision).toBe(3);
      });

      it('should accept a bigint revision', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(1));
        await expect(store.append(streamId, someEvents(1), { expectedRevision: 0n })).resolves.toMatchObject({ nextExpectedRevision: 1 });
      });

      it.each<[string, ExpectedRevision]>([
        ['behind', 1],
        ['ahead', 5],
      ])('should throw WrongExpectedRevisionError when it is %s and write nothing', async (_label, expectedRevision) => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(3));
        const error = await store.append(streamId, someEvents(2), { expectedRevision }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamId, expected: expectedRevision, actual: 2 });
        expect(await store.readStream(streamId)).toHaveLength(3);
      });

      it('should throw WrongExpectedRevisionError when the stream does not exist', async () => {
        const streamId = aStreamId();
        const error = await store.append(streamId, someEvents(1), { expectedRevision: 0 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamId, expected: 0, actual: 'no_stream' });
      });
    });

    describe('When two writers race with the same expected revision', () => {
      it('should let exactly one of them append', async () => {
        const streamId = aStreamId();
        const first = await store.append(streamId, someEvents(1));
        const outcomes = await Promise.allSettled(
          Array.from({ length: 5 }, () => store.append(streamId, someEvents(2), { expectedRevision: first.nextExpectedRevision })),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect((await store.readStream(streamId)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });
    });

    describe('When many appends are asked for at once, one of them stale', () => {
      it('should refuse the stale one alone and write the others, in the order they were asked', async () => {
        const stale = aStreamId();
        await store.append(stale, someEvents(2));
        const streams = Array.from({ length: 12 }, () => aStreamId());
        const asked = streams.map((streamId, i) => (i === 5
          ? store.append(stale, someEvents(1), { expectedRevision: 0n })
          : store.append(streamId, someEvents(2), { expectedRevision: 'no_stream' })));
        const outcomes = await Promise.allSettled(asked);
        expect(outcomes.map((o) => o.status)).toEqual(streams.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')));
        expect((outcomes[5] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
        const positions = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.position] : []));
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        for (const [i, streamId] of streams.entries()) expect(await store.readStream(streamId)).toHaveLength(i === 5 ? 0 : 2);
        expect(await store.readStream(stale)).toHaveLength(2);
      });
    });

    describe('When a batch is retried with the same event ids', () => {
      it('should not append again and should return the original result', async () => {
        const streamId = aStreamId();
        const batch = someEvents(3);
        const original = await store.append(streamId, batch, { expectedRevision: 'no_stream' });
        const repeat = await store.append(streamId, batch, { expectedRevision: 'no_stream' });
        expect(repeat).toEqual(original);
        expect(await store.readStream(streamId)).toHaveLength(3);
      });

      it('should return the original result even after the stream moved on', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(1));
        const batch = someEvents(2);
        const original = await store.append(streamId, batch, { expectedRevision: 0 });
        await store.append(streamId, someEvents(2), { expectedRevision: original.nextExpectedRevision });

        const repeat = await store.append(streamId, batch, { expectedRevision: 0 });
        expect(repeat).toEqual(original);
        const read = await store.readStream(streamId);
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        expect(read.filter((e) => batch.some((b) => b.id === e.id))).toHaveLength(2);
      });

      it('should be a no-op with expected revision "any"', async () => {
        const streamId = aStreamId();
        const batch = someEvents(2);
        const original = await store.append(streamId, batch);
        expect(await store.append(streamId, batch)).toEqual(original);
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('should throw IdempotencyConflictError when the batch mixes known and new ids', async () => {
        const streamId = aStreamId();
        const batch = someEvents(2);
        await store.append(streamId, batch, { expectedRevision: 'no_stream' });
        const mixed = [batch[0], aNewEvent()];
        const error = await store.append(streamId, mixed, { expectedRevision: 'no_stream' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(IdempotencyConflictError);
        expect(error).toMatchObject({ streamId, knownIds: [batch[0].id], newIds: [mixed[1].id] });
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('should let another stream hold the same event id', async () => {
        const event = aNewEvent();
        const a = aStreamId();
        const b = aStreamId();
        await store.append(a, [event]);
        await store.append(b, [event]);
        expect(await store.readStream(b)).toHaveLength(1);
      });
    });

    describe('When reading all events', () => {
      it('should return events after an exclusive position, at most maxCount, in position order', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(5));
        const mine = await store.readStream(streamId);

        const page = await store.readAll({ after: mine[1].position, maxCount: 2 });
        expect(page.map((e) => e.id)).toEqual([mine[2].id, mine[3].id]);
        expect(page.map((e) => e.position)).toEqual([mine[2].position, mine[3].position]);

        const rest = await store.readAll({ after: mine[3].position });
        expect(rest.map((e) => e.id)).toEqual([mine[4].id]);
      });

      it('should include every stream interleaved in commit order', async () => {
        const a = aStreamId();
        const b = aStreamId();
        const first = await store.readAll({ after: await store.headPosition() });
        expect(first).toEqual([]);
        const head = await store.headPosition();
        await store.append(a, someEvents(1));
        await store.append(b, someEvents(1));
        await store.append(a, someEvents(1));
        const all = await store.readAll({ after: head });
        expect(all.map((e) => [e.streamId, e.revision])).toEqual([
          [a, 0],
          [b, 0],
          [a, 1],
        ]);
      });

      it('should return nothing for maxCount 0', async () => {
        await store.append(aStreamId(), someEvents(1));
        expect(await store.readAll({ maxCount: 0 })).toEqual([]);
      });

      it('should read from the start by default', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(2));
        const all = await store.readAll();
        expect(all.filter((e) => e.streamId === streamId)).toHaveLength(2);
        for (let i = 1; i < all.length; i++) expect(all[i].position).toBeGreaterThan(all[i - 1].position);
      });
    });

    describe('When an analyst reads the log with filters', () => {
      const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);

      it('should narrow by category, type and stream, in position order, page by after and limit, and stop at until', async () => {
        const category = `c${unique()}`;
        const [a, b] = [`${category}-a`, `${category}-b`];
        const other = aStreamId(`o${unique()}`);
        const typed = `Filtered${unique()}`;
        await store.append(a, [aNewEvent({ type: typed }), aNewEvent()]);
        await store.append(other, [aNewEvent({ type: typed })]);
        await store.append(b, [aNewEvent({ type: typed }), aNewEvent({ type: typed })]);

        const ofCategory = await store.readLog({ category, limit: 100 });
        expect(ofCategory.map((e) => `${e.streamId}@${e.revision}`)).toEqual([`${a}@0`, `${a}@1`, `${b}@0`, `${b}@1`]);
        expect(ofCategory.map((e) => e.position)).toEqual([...ofCategory.map((e) => e.position)].sort((x, y) => x - y));

        const ofType = await store.readLog({ type: typed, limit: 100 });
        expect(ofType.map((e) => e.streamId)).toEqual([a, other, b, b]);
        expect(await store.readLog({ type: typed, category, limit: 100 })).toHaveLength(3);
        expect((await store.readLog({ streamId: b, limit: 100 })).map((e) => e.revision)).toEqual([0, 1]);

        const firstPage = await store.readLog({ category, limit: 3 });
        const nextPage = await store.readLog({ category, after: firstPage[2].position, limit: 3 });
        expect([...firstPage, ...nextPage].map((e) => e.id)).toEqual(ofCategory.map((e) => e.id));
        expect(await store.readLog({ category, until: ofCategory[1].position, limit: 100 })).toEqual(ofCategory.slice(0, 2));
        expect(await store.readLog({ category: `none${unique()}`, limit: 100 })).toEqual([]);
      });

      it('should find every event of one user action by its correlation id, across streams', async () => {
        const correlationId = randomUUID();
        const category = `k${unique()}`;
        await store.append(`${category}-1`, [aNewEvent({ metadata: { correlationId } }), aNewEvent()]);
        await store.append(`${category}-2`, [aNewEvent({ metadata: { correlationId, causationId: 'x' } })]);
        const caused = await store.readLog({ correlationId, limit: 100 });
        expect(caused.map((e) => e.streamId)).toEqual([`${category}-1`, `${category}-2`]);
      });

      it('should narrow by the time the events were recorded', async () => {
        const category = `t${unique()}`;
        await store.append(`${category}-1`, someEvents(2));
        const [early] = await store.readLog({ category, limit: 1 });
        await new Promise((resolve) => setTimeout(resolve, 25));
        const between = new Date(Date.parse(early.recordedAt) + 10).toISOString();
        await store.append(`${category}-2`, someEvents(1));

        const later = await store.readLog({ category, recordedFrom: between, limit: 100 });
        expect(later.map((e) => e.streamId)).toEqual([`${category}-2`]);
        const earlier = await store.readLog({ category, recordedTo: between, limit: 100 });
        expect(earlier.map((e) => e.streamId)).toEqual([`${category}-1`, `${category}-1`]);
        expect(await store.readLog({ category, recordedFrom: new Date(Date.now() + 3_600_000).toISOString(), limit: 100 })).toEqual([]);
      });

      it('should list the recently changed streams of a category, newest change first, at their current revision', async () => {
        const category = `s${unique()}`;
        await store.append(`${category}-1`, someEvents(1));
        await store.append(`${category}-2`, someEvents(3));
        const last = await store.append(`${category}-1`, someEvents(1, 'Touched'));

        const streams = await store.listStreams({ category, limit: 10 });
        expect(streams.map((s) => [s.streamId, s.revision, s.lastEventType])).toEqual([[`${category}-1`, 1, 'Touched'], [`${category}-2`, 2, 'SomethingHappened']]);
        expect(streams[0].lastPosition).toBe(last.position);
        expect(Date.parse(streams[0].lastRecordedAt)).not.toBeNaN();
        expect(await store.listStreams({ category, limit: 1 })).toHaveLength(1);
        expect((await store.listStreams({ category, after: streams[1].lastPosition, limit: 10 })).map((s) => s.streamId)).toEqual([`${category}-1`]);
      });
    });

    describe('When asking for the head position', () => {
      it('should return the position of the last appended event', async () => {
        const result = await store.append(aStreamId(), someEvents(3));
        expect(await store.headPosition()).toBeGreaterThanOrEqual(result.position);
        const after = await store.append(aStreamId(), someEvents(1));
        expect(after.position).toBeGreaterThan(result.position);
        expect(await store.headPosition()).toBe(after.position);
      });
    });

    describe('When subscribing from the start', () => {
      it('should deliver existing events in order and report caught up', async () => {
        const streamId = aStreamId();
        const result = await store.append(streamId, someEvents(3));
        const sub = track(recordSubscription(store, { streams: new Set([streamId]) }));
        await sub.caughtUpTo(result.position);
        expect(sub.received.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(sub.caughtUp.at(-1)).toBeGreaterThanOrEqual(result.position);
      });
    });

    describe('When subscribing from a checkpoint', () => {
      it('should deliver only events after it', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(2));
        const checkpoint = (await store.readStream(streamId))[1].position;
        const result = await store.append(streamId, someEvents(2));
        const sub = track(recordSubscription(store, { after: checkpoint, streams: new Set([streamId]) }));
        await sub.caughtUpTo(result.position);
        expect(sub.received.map((e) => e.revision)).toEqual([2, 3]);
        expect(sub.received.every((e) => e.position > checkpoint)).toBe(true);
      });

      it('should report caught up at the head when nothing is newer', async () => {
        await store.append(aStreamId(), someEvents(1));
        const head = await store.headPosition();
        const sub = track(recordSubscription(store, { after: head }));
        await sub.caughtUpTo(head);
        expect(sub.caughtUp[0]).toBe(head);
      });
    });

    describe('When events are appended after the subscription caught up', () => {
      it('should deliver them promptly and report caught up again', async () => {
        const streamId = aStreamId();
        const sub = track(recordSubscription(store, { after: await store.headPosition(), streams: new Set([streamId]) }));
        await waitFor(() => sub.caughtUp.length > 0, 10_000, 'first caught up');

        const first = await store.append(streamId, someEvents(2));
        await sub.caughtUpTo(first.position, 2_000);
        const second = await store.append(streamId, someEvents(1));
        await sub.caughtUpTo(second.position, 2_000);

        expect(sub.received.map((e) => e.revision)).toEqual([0, 1, 2]);
      });
    });

    describe('When the handler is slow', () => {
      it('should deliver one event at a time, awaiting each', async () => {
        const streamId = aStreamId();
        const result = await store.append(streamId, someEvents(5));
        let inFlight = 0;
        let maxInFlight = 0;
        const seen: number[] = [];
        let caughtUp = 0;
        const subscription = store.subscribeToAll({
          after: (await store.readStream(streamId))[0].position - 1,
          handler: async (event) => {
            inFlight++;
            maxInFlight = Math.max(maxInFlight, inFlight);
            await new Promise((resolve) => setImmediate(resolve));
            if (event.streamId === streamId) seen.push(event.revision);
            inFlight--;
          },
          onCaughtUp: (position) => {
            caughtUp = Math.max(caughtUp, position);
          },
        });
        subscriptions.push(subscription);
        await waitFor(() => caughtUp >= result.position, 10_000, 'caught up');
        expect(seen).toEqual([0, 1, 2, 3, 4]);
        expect(maxInFlight).toBe(1);
      });
    });

    describe('When a subscription catches up on many events with a handler that never waits', () => {
      it("should give the process's other work turns before it ends (a catch-up never holds the HTTP requests)", async () => {
        const streamId = aStreamId();
        let last = 0;
        for (let i = 0; i < 6; i++) last = (await store.append(streamId, someEvents(500))).position;
        const start = (await store.readStream(streamId))[0].position - 1;
        let handled = 0;
        let handledWhenOtherWorkRan = -1;
        let caughtUp = 0;
        const subscription = store.subscribeToAll({
          after: start,
          handler: async () => {
            handled++;
            const until = performance.now() + 0.02; // some synchronous work per event
            while (performance.now() < until);
          },
          onCaughtUp: (position) => {
            caughtUp = Math.max(caughtUp, position);
          },
        });
        subscriptions.push(subscription);
        setImmediate(() => (handledWhenOtherWorkRan = handled));
        await waitFor(() => caughtUp >= last, 20_000, 'caught up');
        expect(handledWhenOtherWorkRan).toBeGreaterThanOrEqual(0);
        expect(handledWhenOtherWorkRan).toBeLessThan(3000);
      });
    });

    describe('When the handler throws', () => {
      it('should call onError and stop delivering', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(3));
        const start = (await store.readStream(streamId))[0].position - 1;
        const errors: unknown[] = [];
        const delivered: number[] = [];
        const subscription = store.subscribeToAll({
          after: start,
          handler: async (event) => {
            if (event.streamId !== streamId) return;
            delivered.push(event.revision);
            if (event.revision === 1) throw new Error('boom');
          },
          onError: (error) => errors.push(error),
        });
        subscriptions.push(subscription);
        await waitFor(() => errors.length > 0, 10_000, 'onError');
        expect((errors[0] as Error).message).toBe('boom');
        expect(delivered).toEqual([0, 1]);
        await subscription.stop();
      });
    });

    describe('When stopping a subscription', () => {
      it('should resolve after the current handler finishes and deliver nothing more', async () => {
        const streamId = aStreamId();
        await store.append(streamId, someEvents(3));
        const start = (await store.readStream(streamId))[0].position - 1;
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let entered = false;
        let finished = false;
        const delivered: number[] = [];
        const subscription = store.subscribeToAll({
          after: start,
          handler: async (event) => {
            if (event.streamId !== streamId) return;
            delivered.push(event.revision);
            entered = true;
            await gate;
            finished = true;
          },
        });
        await waitFor(() => entered, 10_000, 'handler entered');
        const stopping = subscription.stop().then(() => finished);
        release();
        expect(await stopping).toBe(true);
        await store.append(streamId, someEvents(1));
        expect(delivered).toEqual([0]);
      });

      it('should stop an idle subscription at once', async () => {
        const sub = recordSubscription(store, { after: await store.headPosition() });
        await waitFor(() => sub.caughtUp.length > 0, 10_000, 'caught up');
        await sub.subscription.stop();
        await store.append(aStreamId(), someEvents(1));
        expect(sub.received).toEqual([]);
      });
    });

    describe('When many writers append concurrently to many streams', () => {
      it('should deliver every event exactly once in position order, consistent with readAll', async () => {
        const streams = Array.from({ length: 8 }, () => aStreamId('concurrent'));
        const streamSet = new Set(streams);
        const writers = 16;
        const appendsPerWriter = 15;
        const start = await store.headPosition();
        const sub = track(recordSubscription(store, { after: start, streams: streamSet }));

        const results = await Promise.all(
          Array.from({ length: writers }, async (_, w) => {
            const positions: number[] = [];
            for (let i = 0; i < appendsPerWriter; i++) {
              const streamId = streams[(w + i) % streams.length];
              const size = 1 + ((w + i) % 3);
              const result = await store.append(streamId, someEvents(size, `Writer${w}`));
              positions.push(result.position);
            }
            return positions;
          }),
        );
        const last = Math.max(...results.flat());
        await sub.caughtUpTo(last, 30_000);

        const expectedCount = Array.from({ length: writers }, (_, w) =>
          Array.from({ length: appendsPerWriter }, (_, i) => 1 + ((w + i) % 3)).reduce((a, b) => a + b, 0),
        ).reduce((a, b) => a + b, 0);
        const received = sub.received;
        expect(received).toHaveLength(expectedCount);
        expect(new Set(received.map((e) => `${e.streamId}/${e.id}`)).size).toBe(expectedCount);
        for (let i = 1; i < received.length; i++) expect(received[i].position).toBeGreaterThan(received[i - 1].position);

        const all = (await store.readAll({ after: start })).filter((e) => streamSet.has(e.streamId));
        expect(received.map((e) => e.position)).toEqual(all.map((e) => e.position));

        for (const streamId of streams) {
          const revisions = received.filter((e) => e.streamId === streamId).map((e) => e.revision);
          expect(revisions).toEqual(revisions.map((_, i) => i));
        }
      });

      it('should not skip events for a subscription that is live while they are written', async () => {
        const streams = Array.from({ length: 4 }, () => aStreamId('live'));
        const streamSet = new Set(streams);
        const sub = track(recordSubscription(store, { after: await store.headPosition(), streams: streamSet }));
        await waitFor(() => sub.caughtUp.length > 0, 10_000, 'first caught up');

        const results = await Promise.all(
          streams.map(async (streamId) => {
            let expectedRevision: ExpectedRevision = 'no_stream';
            let last = 0;
            for (let i = 0; i < 20; i++) {
              const result = await store.append(streamId, someEvents(1), { expectedRevision });
              expectedRevision = result.nextExpectedRevision;
              last = result.position;
            }
            return last;
          }),
        );
        await sub.caughtUpTo(Math.max(...results), 30_000);
        expect(sub.received).toHaveLength(80);
        for (let i = 1; i < sub.received.length; i++) expect(sub.received[i].position).toBeGreaterThan(sub.received[i - 1].position);
      });
    });
  });
}
