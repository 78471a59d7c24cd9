/**
 * Embedded EventStore on SQLite (better-sqlite3), the default adapter.
 *
 * - WAL mode, synchronous=NORMAL, busy_timeout: several processes may open and append to the same file.
 * - Appends run in `BEGIN IMMEDIATE` transactions: SQLite's single writer lock serializes them, so the
 *   rowid (the global position) grows in commit order with no gaps.
 * - Group commit: the appends asked for in one turn of the event loop (the commands of the requests
 *   that turn read) commit together, each in a savepoint of its own: one that fails (a stale
 *   expected revision) is rolled back alone and the others commit with one write of the log. Their
 *   order is the order they were asked in.
 * - Subscriptions poll (for appends from other processes) and are woken at once by appends made
 *   through any store opened on the same file in this process.
 */
import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { RECENT_STREAMS_WINDOW, type AppendResult, type EventStore, type ExpectedRevision, type LogQuery, type NewEvent, type ReadAllOptions, type RecordedEvent, type Subscription, type SubscriptionOptions } from './port';
import { openSqliteFile } from '../shared/sqlite-file';
import { NO_STREAM_REVISION, RecentAppends, checkExpectedRevision, classifyRetry, collectStreams, logWhere, startTrackedSubscription, validateBatch, type KnownEvent } from './shared';

export interface SqliteEventStoreOptions {
  /** Database file; its directory is created if missing. `:memory:` works for a single connection. */
  file: string;
  /** How often an idle subscription looks for appends made by other processes. Default 50 ms. */
  pollIntervalMs?: number;
  /** How long a writer waits for the lock held by another connection. Default 10 s. */
  busyTimeoutMs?: number;
  /** Events read per page by readAll without maxCount and by subscriptions. Default 500. */
  pageSize?: number;
}

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

type AppendOutcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };

interface EventRow {
  position: number;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position     INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id    TEXT    NOT NULL,
  revision     INTEGER NOT NULL,
  event_id     TEXT    NOT NULL,
  type         TEXT    NOT NULL,
  data         TEXT    NOT NULL,
  metadata     TEXT    NOT NULL,
  recorded_at  TEXT    NOT NULL,
  UNIQUE (stream_id, revision),
  UNIQUE (stream_id, event_id)
);
`;

/**
 * The analysts' indexes (issue 14): a stream's category as a virtual column, and the log by
 * category, by type, by time and by correlation id (one user action), in position order. Added to files made before them.
 */
const CATEGORY = "CASE WHEN instr(stream_id, '-') > 0 THEN substr(stream_id, 1, instr(stream_id, '-') - 1) ELSE stream_id END";
function migrateAnalystIndexes(db: Database.Database): void {
  const columns = db.prepare<[], { name: string }>('PRAGMA table_xinfo(events)').all();
  if (!columns.some((c) => c.name === 'category')) db.exec(`ALTER TABLE events ADD COLUMN category TEXT GENERATED ALWAYS AS (${CATEGORY}) VIRTUAL`);
  db.exec(`
    CREATE INDEX IF NOT EXISTS events_by_category ON events (category, position);
    CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
    CREATE INDEX IF NOT EXISTS events_by_time ON events (recorded_at);
    CREATE INDEX IF NOT EXISTS events_by_correlation ON events (json_extract(metadata, '$.correlationId'), position);
  `);
}

/** One emitter per database file, shared by every store this process opens on it. */
const appendedByFile = new Map<string, EventEmitter>();

function emitterFor(file: string): EventEmitter {
  let emitter = appendedByFile.get(file);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    appendedByFile.set(file, emitter);
  }
  return emitter;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    type: row.type,
    data: JSON.parse(row.data),
    metadata: JSON.parse(row.metadata),
    revision: row.revision,
    position: row.position,
    recordedAt: row.recorded_at,
  };
}

export function openSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const memory = options.file === ':memory:';
  const file = memory ? options.file : resolve(options.file);
  const pollIntervalMs = options.pollIntervalMs ?? 50;
  const pageSize = options.pageSize ?? 500;

  const sqlite = openSqliteFile(file, { busyTimeoutMs: options.busyTimeoutMs ?? 10_000 });
  const { db } = sqlite;
  // Creating the schema takes the write lock, so two processes starting at once do not race.
  db.transaction(() => {
    db.exec(SCHEMA);
    migrateAnalystIndexes(db);
  }).immediate();

  const emitter = memory ? new EventEmitter() : emitterFor(file);
  const recent = new RecentAppends();
  emitter.setMaxListeners(0);

  const lastRevision = db.prepare<[string], { revision: number | null }>('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?');
  const lastOfStream = db.prepare<[string], { revision: number; position: number }>(
    'SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
  );
  const knownIds = db.prepare<[string, string], { id: string; revision: number; position: number }>(
    'SELECT event_id AS id, revision, position FROM events WHERE stream_id = ? AND event_id IN (SELECT value FROM json_each(?))',
  );
  const knownId = db.prepare<[string, string], { id: string; revision: number; position: number }>(
    'SELECT event_id AS id, revision, position FROM events WHERE stream_id = ? AND event_id = ?',
  );
  const insert = db.prepare<[string, number, string, string, string, string, string]>(
    'INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const readStreamStmt = db.prepare<[string, number], EventRow>('SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision');
  const readAllStmt = db.prepare<[number, number], EventRow>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?');
  const headStmt = db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events');
  // Time bounds become position bounds through the time index (positions follow commit time).
  const firstAtOrAfter = db.prepare<[string], { position: number }>('SELECT position FROM events WHERE recorded_at >= ? ORDER BY recorded_at, position LIMIT 1');
  const lastAtOrBefore = db.prepare<[string], { position: number }>('SELECT position FROM events WHERE recorded_at <= ? ORDER BY recorded_at DESC, position DESC LIMIT 1');
  const recentAll = db.prepare<[number, number], EventRow>('SELECT stream_id, revision, position, type, recorded_at FROM events WHERE position > ? ORDER BY position DESC LIMIT ?');
  const recentOfCategory = db.prepare<[string, number, number], EventRow>('SELECT stream_id, revision, position, type, recorded_at FROM events WHERE category = ? AND position > ? ORDER BY position DESC LIMIT ?');
  const logStatements = new Map<string, Database.Statement<unknown[], EventRow>>();

  const readLog = (query: LogQuery): RecordedEvent[] => {
    let { after = 0, until } = query;
    if (query.recordedFrom !== undefined) {
      const first = firstAtOrAfter.get(query.recordedFrom);
      if (!first) return [];
      after = Math.max(after, first.position - 1);
    }
    if (query.recordedTo !== undefined) {
      const last = lastAtOrBefore.get(query.recordedTo);
      if (!last) return [];
      until = Math.min(until ?? last.position, last.position);
    }
    const where = logWhere({ ...query, after, until }, { category: 'category', correlationId: "json_extract(metadata, '$.correlationId')" }, () => '?');
    const sql = `SELECT * FROM events WHERE ${where.sql} ORDER BY position LIMIT ?`;
    let statement = logStatements.get(sql);
    if (!statement) logStatements.set(sql, (statement = db.prepare<unknown[], EventRow>(sql)));
    return statement.all(...where.params, Math.max(0, query.limit)).map(toRecorded);
  };

  const head = () => headStmt.get()?.position ?? 0;
  const appendRows = (streamId: string, events: NewEvent[], expected: ExpectedRevision): AppendResult => {
    if (events.length > 0) {
      const known: KnownEvent[] = events.length === 1 ? knownId.all(streamId, events[0].id) : knownIds.all(streamId, JSON.stringify(events.map((e) => e.id)));
      const retry = classifyRetry(streamId, events, known);
      if (retry) return retry;
    }
    const current = lastRevision.get(streamId)?.revision ?? NO_STREAM_REVISION;
    checkExpectedRevision(streamId, expected, current);
    if (events.length === 0) {
      const last = lastOfStream.get(streamId);
      return { nextExpectedRevision: current, position: last?.position ?? 0 };
    }
    const recordedAt = new Date().toISOString();
    let revision = current;
    let position = 0;
    const recorded: RecordedEvent[] = [];
    for (const event of events) {
      revision++;
      const data = JSON.stringify(event.data ?? null);
      const metadata = JSON.stringify(event.metadata ?? {});
      position = Number(insert.run(streamId, revision, event.id, event.type, data, metadata, recordedAt).lastInsertRowid);
      recorded.push({ id: event.id, streamId, type: event.type, data: JSON.parse(data), metadata: JSON.parse(metadata), revision, position, recordedAt });
    }
    recent.stage(recorded);
    return { nextExpectedRevision: revision, position };
  };
  const appendTx = db.transaction(appendRows);

  /** The appends of this turn of the event loop, committed together when it ends (`flush`). */
  const pending: PendingAppend[] = [];
  let flushScheduled = false;
  const appendAll = db.transaction((batch: PendingAppend[]) => {
    // The head before this group's first write: where the run of its appends starts.
    recent.begin(head());
    return batch.map((append): AppendOutcome => {
      try {
        // One event: everything that can refuse it does so before it is written, and one row is written
        // whole or not at all. Several: nested, a savepoint rolled back alone should a later row fail.
        const result = append.events.length <= 1 ? appendRows(append.streamId, append.events, append.expected) : appendTx(append.streamId, append.events, append.expected);
        return { ok: true, result };
      } catch (error) {
        return { ok: false, error };
      }
    });
  });
  /** The log's head after the last flush, until `announce` tells the subscribers. */
  let committedHead = 0;
  const flush = () => {
    flushScheduled = false;
    const batch = pending.splice(0);
    if (batch.length === 0) return;
    let outcomes: AppendOutcome[];
    try {
      outcomes = appendAll.immediate(batch);
    } catch (error) {
      // The commit itself failed: nothing of the batch was written.
      recent.settle(false);
      for (const append of batch) append.reject(error);
      return;
    }
    recent.settle(true);
    outcomes.forEach((outcome, i) => {
      if (!outcome.ok) return batch[i].reject(outcome.error);
      if (batch[i].events.length > 0) committedHead = Math.max(committedHead, outcome.result.position);
      batch[i].resolve(outcome.result);
    });
  };
  /**
   * Wakes the subscribers (the projections) after a flush, in the same turn of the event loop but
   * apart from the commands' answers: queued right behind the flush, it runs once the answers the
   * flush settled have gone out (Node runs the promise callbacks between two immediates). A turn
   * later, a read asked for right after a command (read-your-writes) would wait a whole turn of a
   * busy loop more for its projection.
   */
  const announce = () => {
    const head = committedHead;
    committedHead = 0;
    if (head > 0) emitter.emit('appended', head);
  };

  const subscriptions = new Set<Subscription>();
  let closed = false;

  const readPage = (after: number, maxCount: number): RecordedEvent[] => readAllStmt.all(after, maxCount).map(toRecorded);
  const readNewPage = (after: number, maxCount: number): RecordedEvent[] => recent.page(after, maxCount) ?? readPage(after, maxCount);

  const store: EventStore = {
    kind: 'sqlite',

    async append(streamId, events, appendOptions) {
      validateBatch(streamId, events);
      if (closed) throw new Error('event store is closed');
      return new Promise<AppendResult>((resolve, reject) => {
        pending.push({ streamId, events, expected: appendOptions?.expectedRevision ?? 'any', resolve, reject });
        if (flushScheduled) return;
        flushScheduled = true;
        setImmediate(flush);
        setImmediate(announce);
      });
    },

    async readStream(streamId, readOptions) {
      return readStreamStmt.all(streamId, readOptions?.fromRevision ?? 0).map(toRecorded);
    },

    async readAll(readOptions?: ReadAllOptions) {
      const after = readOptions?.after ?? 0;
      if (readOptions?.maxCount !== undefined) return readPage(after, Math.max(0, readOptions.maxCount));
      return readAllStmt.all(after, -1).map(toRecorded);
    },

    async readLog(query) {
      return readLog(query);
    },

    async listStreams(query) {
      const after = query.after ?? 0;
      const rows = query.category === undefined ? recentAll.iterate(after, RECENT_STREAMS_WINDOW) : recentOfCategory.iterate(query.category, after, RECENT_STREAMS_WINDOW);
      const events = (function* () {
        for (const row of rows) yield { streamId: row.stream_id, revision: row.revision, position: row.position, type: row.type, recordedAt: row.recorded_at };
      })();
      try {
        return collectStreams(events, query);
      } finally {
        events.return(undefined);
      }
    },

    subscribeToAll(subscriptionOptions: SubscriptionOptions): Subscription {
      if (closed) throw new Error('event store is closed');
      return startTrackedSubscription(subscriptions, subscriptionOptions, { readPage: async (after, maxCount) => readNewPage(after, maxCount), appended: emitter, pollIntervalMs, pageSize });
    },

    async headPosition() {
      return headStmt.get()?.position ?? 0;
    },

    async close() {
      if (closed) return;
      closed = true;
      // Appends already asked for are written (or refused) before the file closes.
      flush();
      await Promise.all([...subscriptions].map((s) => s.stop()));
      sqlite.close();
    },
  };
  return store;
}
