import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteFile } from './sqlite-file';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Opening one of the product\'s SQLite files', () => {
  it('given a file in a folder not made yet, when it is opened, then it is in WAL mode, commits without an fsync (synchronous NORMAL) and waits for other writers', () => {
    const file = openSqliteFile(join(dir, 'nested', 'any.db'), { busyTimeoutMs: 1234 });
    try {
      expect(file.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(file.db.pragma('synchronous', { simple: true })).toBe(1);
      expect(file.db.pragma('busy_timeout', { simple: true })).toBe(1234);
    } finally {
      file.close();
    }
  });

  it('given an open file with writes, when it is closed, then its log is gone (the checkpoints let go first)', () => {
    const path = join(dir, 'closed.db');
    const file = openSqliteFile(path);
    file.db.exec('CREATE TABLE t (x)');
    file.db.prepare('INSERT INTO t VALUES (1)').run();
    file.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });
});
