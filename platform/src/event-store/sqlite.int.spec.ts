import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { eventStoreContract } from './event-store.contract';
import { openSqliteEventStore } from './sqlite';
import { openEventStore } from './index';

const dir = mkdtempSync(join(tmpdir(), 'event-store-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

eventStoreContract('sqlite', async () => openSqliteEventStore({ file: join(dir, `${randomUUID()}.db`) }));

describe('When opening the embedded store by URL', () => {
  it('should create the directory and share the file between stores', async () => {
    const file = join(dir, 'nested', 'deeper', 'events.db');
    const writer = await openEventStore(`file:${file}`);
    const reader = await openEventStore(file);
    try {
      expect(writer.kind).toBe('sqlite');
      const result = await writer.append('s-1', [{ id: randomUUID(), type: 'Happened', data: {}, metadata: {} }]);
      expect(await reader.headPosition()).toBe(result.position);
    } finally {
      await writer.close();
      await reader.close();
    }
  });

  it('should wake a subscription of another store on the same file at once', async () => {
    const file = join(dir, `${randomUUID()}.db`);
    const writer = await openEventStore(file);
    const reader = openSqliteEventStore({ file, pollIntervalMs: 60_000 });
    const caughtUp: number[] = [];
    const subscription = reader.subscribeToAll({ handler: async () => undefined, onCaughtUp: (p) => caughtUp.push(p) });
    try {
      const deadline = Date.now() + 5_000;
      while (caughtUp.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      const result = await writer.append('s-1', [{ id: randomUUID(), type: 'Happened', data: {}, metadata: {} }]);
      while (!caughtUp.includes(result.position) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(caughtUp).toEqual([0, result.position]);
    } finally {
      await subscription.stop();
      await writer.close();
      await reader.close();
    }
  });
});

describe('When commands append in the same turn of the event loop', () => {
  it('should write the log once for all of them (a group commit), not once each', async () => {
    const file = join(dir, `${randomUUID()}.db`);
    const store = openSqliteEventStore({ file });
    const walBytes = () => statSync(`${file}-wal`).size;
    const anAppend = () => store.append(`series-${randomUUID()}`, [{ id: randomUUID(), type: 'SeriesRenamed', data: { name: 'Owl facts' }, metadata: { correlationId: randomUUID() } }]);
    try {
      for (let i = 0; i < 5; i++) await anAppend();
      // One append alone: the pages it changed, written to the write-ahead log by its commit.
      let before = walBytes();
      await anAppend();
      const one = walBytes() - before;
      before = walBytes();
      const results = await Promise.all(Array.from({ length: 20 }, anAppend));
      const twenty = walBytes() - before;
      expect(results.map((r) => r.position)).toEqual(results.map((_, i) => results[0].position + i));
      // Twenty commits would write about twenty times as much; one writes each changed page once.
      expect(twenty).toBeLessThan(3 * one);
    } finally {
      await store.close();
    }
  });

  it('should write the appends still waiting for their turn when the store closes', async () => {
    const file = join(dir, `${randomUUID()}.db`);
    const store = openSqliteEventStore({ file });
    const asked = store.append('s-1', [{ id: randomUUID(), type: 'Happened', data: {}, metadata: {} }]);
    await store.close();
    expect((await asked).position).toBe(1);
    const reopened = openSqliteEventStore({ file });
    try {
      expect(await reopened.readStream('s-1')).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });
});

describe('When a subscription follows the appends of its own process', () => {
  it('should get its pages from the run those appends left in memory, not by reading the file again', async () => {
    // Every statement shares one prototype: count the page reads of the log, whichever connection runs them.
    const statement = Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1')) as { all: (...args: unknown[]) => unknown[] };
    const all = statement.all;
    let pageReads = 0;
    statement.all = function (this: { source: string }, ...args: unknown[]) {
      if (this.source.includes('FROM events WHERE position > ? ORDER BY position LIMIT ?')) pageReads++;
      return all.apply(this, args);
    };
    const store = openSqliteEventStore({ file: join(dir, `${randomUUID()}.db`), pollIntervalMs: 60_000 });
    const delivered: number[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    try {
      const first = await store.append('s-1', [{ id: randomUUID(), type: 'Happened', data: {}, metadata: {} }]);
      const subscription = store.subscribeToAll({ handler: async (event) => {
        await held;
        delivered.push(event.position);
      } });
      // It falls behind: three more commits while its handler holds the first event.
      for (let i = 0; i < 3; i++) await store.append('s-1', [{ id: randomUUID(), type: 'Happened', data: {}, metadata: {} }]);
      release();
      const deadline = Date.now() + 5_000;
      while (delivered.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      await subscription.stop();

      expect(delivered).toEqual([first.position, first.position + 1, first.position + 2, first.position + 3]);
      expect(pageReads).toBe(0);
    } finally {
      statement.all = all;
      await store.close();
    }
  });
});

describe('When a command appends while a subscription of its process waits for news', () => {
  it("should tell the subscription in the append's own turn of the event loop, once the append's answer is out", async () => {
    // Given a subscription that has caught up (polling too slowly to matter)
    const store = openSqliteEventStore({ file: join(dir, `${randomUUID()}.db`), pollIntervalMs: 60_000 });
    const seen: number[] = [];
    let caughtUp: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (caughtUp = resolve));
    const subscription = store.subscribeToAll({ handler: async (event) => void seen.push(event.position), onCaughtUp: () => caughtUp() });
    try {
      await ready;
      // When a command appends, and something else waits for the next turn of the loop
      const appended = store.append('s-1', [{ id: randomUUID(), type: 'Happened', data: {}, metadata: {} }]);
      const seenNextTurn = new Promise<number[]>((resolve) => setImmediate(() => resolve([...seen])));
      // Then the command's answer comes first, before the subscription sees the event
      const { position } = await appended;
      expect(seen).toEqual([]);
      // And the subscription has it by the time the loop takes its next turn (a read that waits for it, for one)
      expect(await seenNextTurn).toEqual([position]);
    } finally {
      await subscription.stop();
      await store.close();
    }
  });
});
