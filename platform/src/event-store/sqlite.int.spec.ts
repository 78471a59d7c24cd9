import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
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
