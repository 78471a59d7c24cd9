import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteEventStore } from '../event-store/sqlite';
import { checkpointInBackground } from './wal-checkpoints';

async function eventually(check: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe('SQLite checkpoints in a background thread', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wal-checkpoints-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('When a connection hands its checkpoints over', () => {
    it('should no longer checkpoint on commit, and leave no log behind once closed', () => {
      const file = join(dir, 'a.db');
      const db = new Database(file);
      db.pragma('journal_mode = WAL');
      const release = checkpointInBackground(db);
      db.exec('CREATE TABLE t (x INTEGER)');
      db.prepare('INSERT INTO t VALUES (1)').run();

      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      release();
      db.close();

      // The thread let go of the file first: the connection that closed was its last, and SQLite
      // copied the log into the file and removed it.
      expect(existsSync(`${file}-wal`)).toBe(false);
      const reopened = new Database(file, { readonly: true });
      expect(reopened.prepare('SELECT x FROM t').pluck().get()).toBe(1);
      reopened.close();
    });
  });

  describe("When the process's last connection has closed", () => {
    const threads = () => Number(/Threads:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
    const onLinux = existsSync('/proc/self/status') ? it : it.skip;

    onLinux('should end the thread a moment later, so that a process opening and closing files gathers no threads', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500)); // the thread of the tests above ends
      const before = threads();
      const file = join(dir, 'b.db');
      const db = new Database(file);
      db.pragma('journal_mode = WAL');
      const release = checkpointInBackground(db);
      expect(await eventually(() => threads() > before)).toBe(true);

      release();
      db.close();

      expect(await eventually(() => threads() <= before)).toBe(true);
    });
  });

  describe('Given an event store on a file', () => {
    describe('When fewer events are appended than SQLite would wait for before checkpointing (1,000 pages of log)', () => {
      it('should have them copied into the database file by the background thread, soon after', async () => {
        const file = join(dir, 'events.db');
        const store = openSqliteEventStore({ file });
        const before = statSync(file).size;
        for (let i = 0; i < 20; i++) {
          await store.append(`series-${randomUUID()}`, [{ id: randomUUID(), type: 'SeriesCreated', data: { name: `Owl facts ${i}` }, metadata: {} }]);
        }

        expect(await eventually(() => statSync(file).size > before)).toBe(true);
        await store.close();
      });
    });
  });
});
