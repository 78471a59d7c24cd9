import { SqliteDocumentStore } from '../document-store';
import { createLogger } from '../logging/logger';
import { documentStoreLease, runWithLease, tryAcquireLease } from './lease';
import { postgresLease } from './pg-lease';

const logger = createLogger('test', { level: 'silent' });

describe('Lease', () => {
  describe('When two holders race for a free lease', () => {
    it('should let exactly one win, and the other win only after it expires', async () => {
      const docs = new SqliteDocumentStore(':memory:');
      const results = await Promise.all([tryAcquireLease(docs, 'p', 'a', 1000, 5000), tryAcquireLease(docs, 'p', 'b', 1000, 5001)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results[0] ? 'a' : 'b';
      const loser = winner === 'a' ? 'b' : 'a';
      expect(await tryAcquireLease(docs, 'p', loser, 1000, 5500)).toBe(false);
      expect(await tryAcquireLease(docs, 'p', winner, 1000, 5600)).toBe(true);
      expect(await tryAcquireLease(docs, 'p', loser, 1000, 6601)).toBe(true);
      await docs.close();
    });
  });

  describe('When the leader stops', () => {
    it('should hand the work to a standby', async () => {
      const docs = new SqliteDocumentStore(':memory:');
      const leading: string[] = [];
      const make = (holder: string) => runWithLease({
        lease: documentStoreLease(docs, 'projectors', holder, 300), checkEveryMs: 100, logger,
        lead: async () => { leading.push(holder); return { stop: async () => { leading.splice(leading.indexOf(holder), 1); } }; },
      });
      const a = make('a');
      await waitUntil(() => leading.length === 1);
      const b = make('b');
      await new Promise((r) => setTimeout(r, 400));
      expect(leading).toEqual(['a']);
      await a.stop();
      await waitUntil(() => leading.includes('b'));
      expect(leading).toEqual(['b']);
      await b.stop();
      await docs.close();
    });
  });
});

async function waitUntil(predicate: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pgUrl = process.env.POSTGRES_URL;
(pgUrl ? describe : describe.skip)('PostgreSQL advisory-lock lease', () => {
  it('should let one session hold it and hand it over when that session ends', async () => {
    const name = `test-${Date.now()}`;
    const a = postgresLease(pgUrl!, name);
    const b = postgresLease(pgUrl!, name);
    expect(await a.tryAcquire()).toBe(true);
    expect(await b.tryAcquire()).toBe(false);
    expect(await a.tryAcquire()).toBe(true);
    await a.release();
    expect(await b.tryAcquire()).toBe(true);
    await b.release();
  });
});
