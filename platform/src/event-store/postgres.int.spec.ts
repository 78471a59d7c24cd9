import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { eventStoreContract, someEvents } from './event-store.contract';
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
}
