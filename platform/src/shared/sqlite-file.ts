/**
 * The one way this product opens an SQLite file (the event store, the read models, the bus, the rate
 * limits), so that no connection drifts from the others:
 * - WAL: readers never wait for the writer, and several processes may share the file;
 * - synchronous = NORMAL: a commit appends to the log without an fsync on the thread that commits
 *   (a web process's event loop). The log is synced when it is checkpointed, on the background
 *   thread. A power cut may lose the last commits, never the file's integrity;
 * - a busy timeout, for the other processes' writes;
 * - checkpoints on the background thread (`wal-checkpoints.ts`), let go of before the file closes.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { checkpointInBackground } from './wal-checkpoints';

export interface SqliteFile {
  db: Database.Database;
  /** Closes the connection, the checkpoints' first (so this close is the file's last, and removes the log). */
  close(): void;
}

export function openSqliteFile(file: string, options: { busyTimeoutMs?: number } = {}): SqliteFile {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { timeout: options.busyTimeoutMs ?? 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const releaseCheckpoints = checkpointInBackground(db);
  return {
    db,
    close() {
      releaseCheckpoints();
      db.close();
    },
  };
}
