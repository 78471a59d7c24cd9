import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command, Decider } from '@app/domain';
import type { EventStore } from '../event-store/port';
import { openPostgresEventStore } from '../event-store/postgres';
import { openSqliteEventStore } from '../event-store/sqlite';
import { commandMetadata, handle, loadState } from './handle';

type Count = Command<'Count', Record<string, never>>;
type Counted = { type: 'Counted'; data: { value: number } };
/** Each command records the count it saw plus one: a stale state would record a value twice. */
const counter: Decider<Count, Counted, number> = {
  decide: (_command, state) => [{ type: 'Counted', data: { value: state + 1 } }],
  evolve: (_state, event) => event.data.value,
  initialState: () => 0,
};
const count = (): Count => ({ type: 'Count', data: {}, metadata: commandMetadata({}) });

type Door = Command<'Open' | 'Close', Record<string, never>>;
type DoorEvent = { type: 'Opened' | 'Closed'; data: Record<string, never> };
/** Closing a closed door is refused; opening an open one changes nothing. */
const door: Decider<Door, DoorEvent, 'open' | 'closed'> = {
  decide: (command, state) => {
    if (command.type === 'Close' && state === 'closed') throw new Error('The door is already closed');
    if (command.type === 'Open' && state === 'open') return [];
    return [{ type: command.type === 'Open' ? 'Opened' : 'Closed', data: {} }];
  },
  evolve: (_state, event) => (event.type === 'Opened' ? 'open' : 'closed'),
  initialState: () => 'closed',
};
const doorCommand = (type: Door['type']): Door => ({ type, data: {}, metadata: commandMetadata({}) });

const dir = mkdtempSync(join(tmpdir(), 'state-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const engines: Array<[string, () => Promise<[EventStore, EventStore, () => Promise<void>]>]> = [
  ['SQLite (two connections to one file, as two processes)', async () => {
    const file = join(dir, `${randomUUID()}.db`);
    const [a, b] = [openSqliteEventStore({ file }), openSqliteEventStore({ file })];
    return [a, b, async () => { await a.close(); await b.close(); }];
  }],
];
if (process.env.POSTGRES_URL) {
  engines.push(['PostgreSQL (two pools, as two processes)', async () => {
    const schema = `cache_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const a = await openPostgresEventStore({ connectionString: process.env.POSTGRES_URL!, schema });
    const b = await openPostgresEventStore({ connectionString: process.env.POSTGRES_URL!, schema });
    return [a, b, async () => { await a.close(); await b.close(); }];
  }]);
}

describe.each(engines)('Folded state kept between commands on %s', (_name, open) => {
  let a: EventStore;
  let b: EventStore;
  let close: () => Promise<void>;
  beforeEach(async () => {
    [a, b, close] = await open();
  });
  afterEach(() => close());

  it('should never decide on a stale state when two processes command one stream at once', async () => {
    const streamId = `counter-${randomUUID()}`;
    // Each side warms its cache, then both race: every append is guarded by the expected revision.
    await handle(a, streamId, counter, count());
    await handle(b, streamId, counter, count());
    await Promise.all(Array.from({ length: 40 }, (_, i) => handle(i % 2 ? a : b, streamId, counter, count(), { retries: 100 })));
    const values = (await a.readStream(streamId)).map((e) => (e.data as { value: number }).value);
    expect(values).toEqual(Array.from({ length: 42 }, (_, i) => i + 1));
    expect((await loadState(a, streamId, counter)).state).toBe(42);
    expect((await loadState(b, streamId, counter)).state).toBe(42);
  });

  it('should run the commands of one process on one stream one after the other, so they never clash with each other', async () => {
    const streamId = `counter-${randomUUID()}`;
    // No retry allowed: twenty commands at once on one stream all succeed, each on the state the one before left.
    const results = await Promise.all(Array.from({ length: 20 }, () => handle(a, streamId, counter, count(), { retries: 0 })));
    expect(results.map((r) => r.events[0].data.value)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Another stream does not wait for them.
    const other = `counter-${randomUUID()}`;
    let queueDone = false;
    const queue = Promise.all(Array.from({ length: 20 }, () => handle(a, streamId, counter, count()))).then(() => (queueDone = true));
    expect((await handle(a, other, counter, count())).events).toEqual([{ type: 'Counted', data: { value: 1 } }]);
    expect(queueDone).toBe(false);
    await queue;
    expect((await loadState(a, streamId, counter)).state).toBe(40);
  });

  it('should see what another process appended since its last command', async () => {
    const streamId = `counter-${randomUUID()}`;
    await handle(a, streamId, counter, count());
    await b.append(streamId, [{ id: randomUUID(), type: 'Counted', data: { value: 10 }, metadata: {} }], { expectedRevision: 0 });
    const result = await handle(a, streamId, counter, count());
    expect(result.events).toEqual([{ type: 'Counted', data: { value: 11 } }]);
    expect(result.nextExpectedRevision).toBe(2);
  });

  it('should not refuse a command on a kept state another process has moved past', async () => {
    const streamId = `door-${randomUUID()}`;
    await handle(a, streamId, door, doorCommand('Open'));
    await handle(a, streamId, door, doorCommand('Close'));
    // a keeps "closed"; b opens the door.
    await handle(b, streamId, door, doorCommand('Open'));
    const result = await handle(a, streamId, door, doorCommand('Close'));
    expect(result.events).toEqual([{ type: 'Closed', data: {} }]);
    expect((await a.readStream(streamId)).map((e) => e.type)).toEqual(['Opened', 'Closed', 'Opened', 'Closed']);
  });

  it('should not answer "nothing to do" on a kept state another process has moved past', async () => {
    const streamId = `door-${randomUUID()}`;
    await handle(a, streamId, door, doorCommand('Open'));
    // a keeps "open"; b closes the door.
    await handle(b, streamId, door, doorCommand('Close'));
    const result = await handle(a, streamId, door, doorCommand('Open'));
    expect(result.events).toEqual([{ type: 'Opened', data: {} }]);
    expect(result.nextExpectedRevision).toBe(2);
  });

  it('should still refuse a command the fresh state refuses', async () => {
    const streamId = `door-${randomUUID()}`;
    await handle(a, streamId, door, doorCommand('Open'));
    await handle(b, streamId, door, doorCommand('Close'));
    await expect(handle(a, streamId, door, doorCommand('Close'))).rejects.toThrow('The door is already closed');
  });

  it('should not spend a retry on a clash caused by its own kept state', async () => {
    const streamId = `counter-${randomUUID()}`;
    await handle(a, streamId, counter, count());
    await handle(b, streamId, counter, count());
    // a's kept state is one behind: its first try clashes, and with no retry left it still succeeds on a fresh read.
    const result = await handle(a, streamId, counter, count(), { retries: 0 });
    expect(result.events).toEqual([{ type: 'Counted', data: { value: 3 } }]);
  });

  it('should fold from scratch for a decider with another evolve, ignoring what an older one kept', async () => {
    const streamId = `counter-${randomUUID()}`;
    for (let i = 0; i < 3; i++) await handle(a, streamId, counter, count());
    const doubled: typeof counter = { ...counter, evolve: (_state, event) => event.data.value * 2 };
    expect((await loadState(a, streamId, doubled)).state).toBe(6);
    expect((await loadState(a, streamId, counter)).state).toBe(3);
  });

  it('should not trust an idempotent repeat of an earlier append', async () => {
    const streamId = `counter-${randomUUID()}`;
    const ids = (i: number) => `fixed-${streamId}-${i}`;
    await handle(a, streamId, counter, count(), { eventIds: ids });
    await handle(a, streamId, counter, count());
    // The first command again, with its ids: the store answers the original append; the state stays 2.
    await handle(a, streamId, counter, count(), { eventIds: ids }).catch(() => undefined);
    expect((await loadState(a, streamId, counter)).state).toBe((await a.readStream(streamId)).length);
  });
});
