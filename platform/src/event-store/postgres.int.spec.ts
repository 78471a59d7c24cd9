import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { aNewEvent, eventStoreContract, someEvents, waitFor } from './event-store.contract';
import { WrongExpectedRevisionError } from './port';
import { openPostgresEventStore } from './postgres';

const url = process.env.POSTGRES_URL;

if (!url) {
  console.warn('postgres.int.spec: POSTGRES_URL is not set, skipping the PostgreSQL event-store contract (run `bash infra/scripts/postgres.sh`).');
  describe.skip('EventStore contract: postgres (POSTGRES_URL not set)', () => {
    it('should run when POSTGRES_URL is set', () => undefined);
  });
} else {
  const schema = `es_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

  afterAll(async () => {
    const pool = new Pool({ connectionString: url });
    try {
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await pool.end();
    }
  });

  eventStoreContract('postgres', () => openPostgresEventStore({ connectionString: url, schema }));

  describe('When several stores (as several processes would) append to the same table', () => {
    it('should keep positions gap-free and in commit order', async () => {
      const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresEventStore({ connectionString: url, schema, poolConfig: { max: 4 } })));
      try {
        const start = await stores[0].headPosition();
        const streams = Array.from({ length: 6 }, () => `gapless-${randomUUID()}`);
        await Promise.all(
          stores.flatMap((store, s) =>
            Array.from({ length: 4 }, async (_, w) => {
              for (let i = 0; i < 10; i++) await store.append(streams[(s + w + i) % streams.length], someEvents(1 + (i % 2)));
            }),
          ),
        );
        const all = await stores[0].readAll({ after: start });
        expect(all).toHaveLength(4 * 4 * (5 * 1 + 5 * 2));
        expect(all.map((e) => e.position)).toEqual(all.map((_, i) => start + 1 + i));
        for (const streamId of streams) {
          const revisions = all.filter((e) => e.streamId === streamId).map((e) => e.revision);
          expect(revisions).toEqual(revisions.map((_, i) => i));
        }
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    });
  });

  describe('When many appends arrive at once (group commit)', () => {
    /** A store on a pool whose round trips are counted. */
    const countedStore = async () => {
      const pool = new Pool({ connectionString: url, max: 8 });
      const counted = { calls: 0 };
      const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
      (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        counted.calls++;
        return query(...args);
      };
      const store = await openPostgresEventStore({ pool, schema });
      return { store, counted, close: async () => { await store.close(); await pool.end(); } };
    };

    it('should commit the appends that wait for one another together, each decided as if alone, positions gap-free', async () => {
      const { store, counted, close } = await countedStore();
      try {
        const start = await store.headPosition();
        const streams = Array.from({ length: 40 }, () => `grouped-${randomUUID()}`);
        counted.calls = 0;
        const results = await Promise.all(streams.map((streamId) => store.append(streamId, someEvents(2), { expectedRevision: 'no_stream' })));
        // Far fewer calls than appends: they shared transactions (and flushes to disk).
        expect(counted.calls).toBeLessThan(streams.length / 2);
        expect(results.map((r) => r.nextExpectedRevision)).toEqual(streams.map(() => 1));
        const all = await store.readAll({ after: start });
        expect(all.map((e) => e.position)).toEqual(all.map((_, i) => start + 1 + i));
        expect(new Set(results.map((r) => r.position)).size).toBe(streams.length);
        for (const { position } of results) expect(all.find((e) => e.position === position)?.revision).toBe(1);
      } finally {
        await close();
      }
    });

    it('should refuse the second of two appends to one stream that expect the same revision in one batch, and write the first', async () => {
      const { store, close } = await countedStore();
      try {
        const streamId = `clash-${randomUUID()}`;
        await store.append(streamId, someEvents(1));
        // The first goes alone; the next ones wait for it and go together.
        const others = Array.from({ length: 5 }, () => store.append(`other-${randomUUID()}`, someEvents(1)));
        const outcomes = await Promise.allSettled([
          store.append(streamId, someEvents(1), { expectedRevision: 0 }),
          store.append(streamId, someEvents(1), { expectedRevision: 0 }),
          ...others,
        ]);
        expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', ...others.map(() => 'fulfilled')]);
        expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect((await store.readStream(streamId)).map((e) => e.revision)).toEqual([0, 1]);
      } finally {
        await close();
      }
    });

    it('should decide each append of a batch after the ones before it: a follow-up, a retry of one before it, a retry of a stored event', async () => {
      const { store, counted, close } = await countedStore();
      try {
        const streamId = `in-batch-${randomUUID()}`;
        const stored = someEvents(1);
        const before = await store.append(streamId, stored);
        const first = someEvents(2);
        // The first goes alone; the rest wait for it and go together in one call.
        const alone = store.append(`alone-${randomUUID()}`, someEvents(1));
        counted.calls = 0;
        const [written, followUp, retried, storedAgain, clash] = await Promise.allSettled([
          store.append(streamId, first, { expectedRevision: 0 }),
          store.append(streamId, someEvents(1), { expectedRevision: 2 }),
          store.append(streamId, first, { expectedRevision: 0 }),
          store.append(streamId, stored),
          store.append(streamId, someEvents(1), { expectedRevision: 2 }),
        ]);
        await alone;
        expect(counted.calls).toBe(1);
        expect(written).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 2 } });
        expect(followUp).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 3 } });
        // The same events again: answered as where they went, written once.
        expect(retried).toEqual({ status: 'fulfilled', value: (written as PromiseFulfilledResult<unknown>).value });
        expect(storedAgain).toEqual({ status: 'fulfilled', value: before });
        expect(clash).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedRevisionError) });
        const events = await store.readStream(streamId);
        expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
        expect(events.map((e) => e.id)).toEqual([stored[0].id, first[0].id, first[1].id, expect.any(String)]);
        const positions = events.map((e) => e.position);
        expect(positions.slice(1)).toEqual([positions[1], positions[1] + 1, positions[1] + 2]);
      } finally {
        await close();
      }
    });

    it('should read each new page once for the subscriptions an append wakes together, and give each every event', async () => {
      const { store, counted, close } = await countedStore();
      const subscriptions: Array<{ stop(): Promise<void> }> = [];
      try {
        const start = await store.headPosition();
        const streamId = `shared-${randomUUID()}`;
        const seen = Array.from({ length: 6 }, () => [] as number[]);
        const caughtUp = Array.from({ length: 6 }, () => 0);
        for (const [i, received] of seen.entries()) {
          subscriptions.push(store.subscribeToAll({
            after: start,
            handler: async (event) => {
              if (event.streamId === streamId) received.push(event.revision);
            },
            onCaughtUp: (position) => (caughtUp[i] = position),
          }));
        }
        const settled = (position: number) => waitFor(() => caughtUp.every((p) => p >= position), 10_000, `all caught up to ${position}`);
        await settled(start);
        counted.calls = 0;
        for (let i = 0; i < 5; i++) {
          const { position } = await store.append(streamId, someEvents(1));
          await settled(position);
        }
        for (const received of seen) expect(received).toEqual([0, 1, 2, 3, 4]);
        // 5 appends, each waking 6 subscriptions: about one page read per append (not six), whatever the timing.
        expect(counted.calls).toBeLessThanOrEqual(5 + 5 * 2);
      } finally {
        await Promise.all(subscriptions.map((s) => s.stop()));
        await close();
      }
    });

    it('should fail only the append that the database cannot hold when its batch is refused as a whole', async () => {
      const { store, close } = await countedStore();
      try {
        const streams = Array.from({ length: 8 }, () => `batch-${randomUUID()}`);
        // jsonb holds no \u0000: this one append makes the whole batch's transaction fail.
        const outcomes = await Promise.allSettled(streams.map((streamId, i) => store.append(streamId, i === 4 ? [aNewEvent({ data: { text: 'a\u0000b' } })] : someEvents(1))));
        expect(outcomes.map((o) => o.status)).toEqual(streams.map((_, i) => (i === 4 ? 'rejected' : 'fulfilled')));
        for (const [i, streamId] of streams.entries()) expect(await store.readStream(streamId)).toHaveLength(i === 4 ? 0 : 1);
      } finally {
        await close();
      }
    });
  });
}
