/**
 * SQLite in WAL mode copies its log back into the database file (a checkpoint) on the commit that
 * takes the log past 1,000 pages, synchronously, on the thread that committed: in this product the
 * event loop of a web process, with the fsyncs that come with it. Measured on the event store's
 * appends (32 commands' events per commit, its indexes), that is about a third of what a write
 * costs the loop: 75–89 µs a row with it, 50–53 µs without.
 *
 * Here every file-backed connection of the process hands that work to one background thread: the
 * connection stops checkpointing on commit (`wal_autocheckpoint = 0`) and the thread, with a
 * connection of its own to each file, runs a PASSIVE checkpoint (it never waits for, nor blocks, a
 * reader or a writer) a few times a second. Should the thread ever fail, the connections checkpoint
 * on commit again, as SQLite does by default, so the log can never grow without bound.
 */
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the background thread checkpoints each file. */
const EVERY_MS = 200;
/** How long the thread outlives the process's last connection (one closed and another opened soon after reuse it). */
const IDLE_MS = 1000;
/** SQLite's own default, put back on the connections should the thread fail. */
const AUTOCHECKPOINT_PAGES = 1000;

const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const files = new Map();
const checkpoint = (file) => {
  try {
    file.db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy (another process's checkpoint) or the file is going away: the next tick tries again.
  }
};
parentPort.on('message', ({ open, close, done }) => {
  if (open) {
    const file = files.get(open) ?? { db: new Database(open, { fileMustExist: true, timeout: 0 }), users: 0 };
    file.users++;
    files.set(open, file);
  }
  if (close) {
    const file = files.get(close);
    if (file && --file.users === 0) {
      files.delete(close);
      checkpoint(file);
      file.db.close();
    }
  }
  if (done) {
    Atomics.store(done, 0, 1);
    Atomics.notify(done, 0);
  }
});
setInterval(() => { for (const file of files.values()) checkpoint(file); }, workerData.everyMs);
`;

/**
 * The process's one thread: started with its first connection, ended a moment after its last one
 * closed (it never holds the process open).
 */
let thread: Worker | null = null;
let users = 0;
let idle: NodeJS.Timeout | null = null;
const connections = new Set<Database.Database>();

function startThread(): Worker {
  // A thread that does next to nothing in JavaScript: a small heap (V8's defaults would reserve tens of MB).
  const worker = new Worker(THREAD, { eval: true, workerData: { driver: require.resolve('better-sqlite3'), everyMs: EVERY_MS }, resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 } });
  worker.unref();
  const fallBack = (error?: unknown) => {
    if (thread !== worker) return;
    thread = null;
    users = 0;
    for (const db of connections) if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    if (error) process.emitWarning(`SQLite's background checkpoints stopped (${String(error)}); connections checkpoint on commit again`);
  };
  worker.on('error', fallBack);
  worker.on('exit', () => fallBack());
  return worker;
}

/** Posts a message to the thread and waits (at most 2 s) until it has been handled. */
function tellAndWait(worker: Worker, message: { close: string }): void {
  const done = new Int32Array(new SharedArrayBuffer(4));
  worker.postMessage({ ...message, done });
  Atomics.wait(done, 0, 0, 2000);
}

/**
 * Hands the checkpoints of `db` (a connection already in WAL mode) to the background thread; an
 * in-memory database has none. Returns what to call just before `db.close()`.
 */
export function checkpointInBackground(db: Database.Database): () => void {
  if (db.memory || db.name === '') return () => undefined;
  const file = resolve(db.name);
  if (idle) clearTimeout(idle);
  idle = null;
  thread ??= startThread();
  const worker = thread;
  users++;
  worker.postMessage({ open: file });
  db.pragma('wal_autocheckpoint = 0');
  connections.add(db);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    connections.delete(db);
    if (thread !== worker) return;
    // The thread lets go of the file first, so the connection closing after this is the file's last
    // and SQLite checkpoints and removes the log as it closes.
    tellAndWait(worker, { close: file });
    if (--users > 0) return;
    idle = setTimeout(() => {
      idle = null;
      if (thread !== worker || users > 0) return;
      thread = null;
      void worker.terminate();
    }, IDLE_MS).unref();
  };
}
