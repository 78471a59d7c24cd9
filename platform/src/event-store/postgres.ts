/**
 * EventStore on PostgreSQL through a `pg` Pool.
 *
 * Two traps this adapter avoids (see docs/machine-notes):
 * 1. A `pg.Client` is never shared between concurrent appends: each append is one `pool.query`
 *    (one pooled client, one implicit transaction) calling a server-side function.
 * 2. With several writers, sequence order is not commit order. Every append takes a transaction-level
 *    advisory lock on the table before choosing positions, so appends are serialized: the position
 *    is `max(position) + 1` (gap-free), a later position is always committed after an earlier one,
 *    and a reader paging by position never skips an event that commits late.
 * 3. That lock is held through the commit's flush to disk, so one append at a time would cap the
 *    store at one flush per append (about 200/s). The appends that arrive while one is committing
 *    therefore go together in the next call (group commit): one transaction, one lock, one flush,
 *    each append decided in turn exactly as if alone. A batch the database refuses as a whole (a
 *    value jsonb cannot hold) is run again one append at a time, so only the bad one fails.
 *
 * Subscriptions poll (other processes) and are woken at once by appends through this store.
 */
import { EventEmitter } from 'node:events';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { RECENT_STREAMS_WINDOW, type AppendResult, type EventStore, type NewEvent, type ReadAllOptions, type RecordedEvent, type Subscription, type SubscriptionOptions } from './port';
import { checkExpectedRevision, toNumberRevision, classifyRetry, collectStreams, logWhere, sharePageReads, startTrackedSubscription, validateBatch, type KnownEvent } from './shared';

export interface PostgresEventStoreOptions {
  /** postgres://user:password@host:port/database */
  connectionString?: string;
  /** Or an existing pool (not ended by close()). */
  pool?: Pool;
  /** Extra pool settings when the adapter creates the pool. */
  poolConfig?: PoolConfig;
  /** Schema holding the table; created if missing. Default `public`. */
  schema?: string;
  /** Table name. Default `events`. */
  table?: string;
  /** How often an idle subscription polls for appends from other processes. Default 100 ms. */
  pollIntervalMs?: number;
  /** Events per page for subscriptions and unbounded readAll. Default 1000. */
  pageSize?: number;
}

interface EventRow {
  position: string;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function identifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`invalid ${what} name "${name}": use lower-case letters, digits and _`);
  return `"${name}"`;
}

/** A stable signed 64-bit advisory-lock key per table (FNV-1a over its qualified name). */
function lockKey(qualified: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(qualified, 'utf8')) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return BigInt.asIntN(64, hash).toString();
}

/**
 * The append, server-side so it costs one round trip: take the table's advisory lock, then (each
 * statement of a plpgsql function sees a fresh snapshot, so everything committed before the lock
 * was granted) read the stream's revision and which ids it already holds; insert only for a fresh
 * batch whose expected revision matches. Otherwise nothing is written and the adapter explains why
 * (idempotent retry, mixed batch, wrong expected revision) from the returned state.
 */
function appendFunctionSql(table: string, fn: string, key: string): string {
  return `
    CREATE OR REPLACE FUNCTION ${fn}(
      p_stream text, p_kind text, p_revision integer,
      p_ids text[], p_types text[], p_data text[], p_metadata text[])
    RETURNS TABLE (current_revision integer, last_position bigint, known json, appended boolean)
    LANGUAGE plpgsql VOLATILE AS $fn$
    DECLARE
      v_head bigint;
    BEGIN
      PERFORM pg_advisory_xact_lock(${key});
      current_revision := coalesce((SELECT e.revision FROM ${table} e WHERE e.stream_id = p_stream ORDER BY e.stream_id DESC, e.revision DESC LIMIT 1), -1);
      -- One index lookup per id (a lateral subquery), whatever plan plpgsql caches: with
      -- 'event_id = ANY(...)' its generic plan scans the whole stream, so appends slowed as it grew.
      SELECT coalesce(json_agg(json_build_object('id', k.event_id, 'revision', k.revision, 'position', k.position)), '[]'::json)
        INTO known
        FROM unnest(p_ids) AS u(id)
        CROSS JOIN LATERAL (SELECT e.event_id, e.revision, e.position FROM ${table} e WHERE e.stream_id = p_stream AND e.event_id = u.id LIMIT 1) k;
      appended := false;
      IF json_array_length(known) > 0 OR cardinality(p_ids) = 0 OR NOT (CASE p_kind
           WHEN 'any' THEN true
           WHEN 'no_stream' THEN current_revision = -1
           WHEN 'stream_exists' THEN current_revision <> -1
           ELSE current_revision = p_revision END) THEN
        SELECT e.position INTO last_position FROM ${table} e WHERE e.stream_id = p_stream ORDER BY e.stream_id DESC, e.revision DESC LIMIT 1;
        RETURN NEXT;
        RETURN;
      END IF;
      SELECT coalesce(max(e.position), 0) INTO v_head FROM ${table} e;
      INSERT INTO ${table} (position, stream_id, revision, event_id, type, data, metadata)
        SELECT v_head + u.i, p_stream, current_revision + u.i, u.event_id, u.type, u.data::jsonb, u.metadata::jsonb
        FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS u(event_id, type, data, metadata, i);
      current_revision := current_revision + cardinality(p_ids);
      last_position := v_head + cardinality(p_ids);
      appended := true;
      RETURN NEXT;
    END
    $fn$`;
}

/**
 * Several appends in one transaction (group commit): each is decided by the append function in turn,
 * seeing the ones before it, and answers its own row (`i`: its place in the batch). The events of
 * append i are the next `p_counts[i]` entries of the flat arrays.
 */
function appendBatchFunctionSql(fn: string, appendFn: string): string {
  return `
    CREATE OR REPLACE FUNCTION ${fn}(
      p_streams text[], p_kinds text[], p_revisions integer[], p_counts integer[],
      p_ids text[], p_types text[], p_data text[], p_metadata text[])
    RETURNS TABLE (i integer, current_revision integer, last_position bigint, known json, appended boolean)
    LANGUAGE plpgsql VOLATILE AS $fn$
    DECLARE
      v_from integer := 1;
      v_to integer;
    BEGIN
      FOR n IN 1 .. coalesce(cardinality(p_streams), 0) LOOP
        v_to := v_from + p_counts[n] - 1;
        i := n;
        SELECT a.current_revision, a.last_position, a.known, a.appended
          INTO current_revision, last_position, known, appended
          FROM ${appendFn}(p_streams[n], p_kinds[n], p_revisions[n],
            coalesce(p_ids[v_from:v_to], '{}'), coalesce(p_types[v_from:v_to], '{}'),
            coalesce(p_data[v_from:v_to], '{}'), coalesce(p_metadata[v_from:v_to], '{}')) a;
        RETURN NEXT;
        v_from := v_to + 1;
      END LOOP;
    END
    $fn$`;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    revision: Number(row.revision),
    position: Number(row.position),
    recordedAt: row.recorded_at.toISOString(),
  };
}

interface PendingAppend {
  streamId: string;
  kind: string;
  revision: number | null;
  events: NewEvent[];
}

/** What the append function answers for one append. */
interface AppendRow {
  current_revision: number;
  last_position: string | null;
  known: KnownEvent[];
  appended: boolean;
}

/** The events' columns as the append functions take them. */
function eventColumns(events: NewEvent[]): [string[], string[], string[], string[]] {
  return [
    events.map((e) => e.id),
    events.map((e) => e.type),
    events.map((e) => JSON.stringify(e.data ?? null)),
    events.map((e) => JSON.stringify(e.metadata ?? {})),
  ];
}

/** Appends per group commit: enough to share a flush, few enough that one call stays short. */
const MAX_BATCH = 64;

/**
 * Group commit: an append that arrives while none is in flight goes at once, alone; those that
 * arrive meanwhile wait and go together in the next call. A batch that fails as a whole is run
 * again one append at a time, so each gets its own answer or error.
 */
function groupCommit(one: (a: PendingAppend) => Promise<AppendRow>, many: (batch: PendingAppend[]) => Promise<AppendRow[]>) {
  const waiting: Array<{ append: PendingAppend; resolve: (row: AppendRow) => void; reject: (error: unknown) => void }> = [];
  let running = false;
  const alone = async (entry: (typeof waiting)[number]) => {
    try {
      entry.resolve(await one(entry.append));
    } catch (error) {
      entry.reject(error);
    }
  };
  const together = async (batch: typeof waiting) => {
    let rows: AppendRow[];
    try {
      rows = await many(batch.map((entry) => entry.append));
    } catch {
      for (const entry of batch) await alone(entry);
      return;
    }
    const lost = rows.length === batch.length ? null : new Error(`the batched append answered ${rows.length} rows for ${batch.length} appends`);
    batch.forEach((entry, index) => (lost ? entry.reject(lost) : entry.resolve(rows[index])));
  };
  const run = async () => {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, MAX_BATCH);
      await (batch.length === 1 ? alone(batch[0]) : together(batch));
    }
    running = false;
  };
  return {
    decide(append: PendingAppend): Promise<AppendRow> {
      return new Promise((resolve, reject) => {
        waiting.push({ append, resolve, reject });
        if (!running) void run();
      });
    },
  };
}

/** Rolls back; false when the connection is unusable (the caller then discards it). */
async function rollbackQuietly(client: PoolClient): Promise<boolean> {
  try {
    await client.query('ROLLBACK');
    return true;
  } catch {
    return false;
  }
}

export async function openPostgresEventStore(options: PostgresEventStoreOptions): Promise<EventStore> {
  const ownsPool = !options.pool;
  const pool = options.pool ?? new Pool({ connectionString: options.connectionString, ...options.poolConfig });
  // An idle client's network error would otherwise crash the process; the next checkout reconnects.
  if (ownsPool) pool.on('error', () => undefined);

  const schemaName = options.schema ?? 'public';
  const tableName = options.table ?? 'events';
  const schema = identifier(schemaName, 'schema');
  const table = `${schema}.${identifier(tableName, 'table')}`;
  const key = lockKey(`${schemaName}.${tableName}`);
  const appendFn = `${schema}.${identifier(`${tableName}_append`, 'table')}`;
  const appendBatchFn = `${schema}.${identifier(`${tableName}_append_batch`, 'table')}`;
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const pageSize = options.pageSize ?? 1000;

  // Schema creation under the same lock, so several processes starting together do not race.
  {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(${key})`);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(`
        CREATE TABLE IF NOT EXISTS ${table} (
          position     bigint      PRIMARY KEY,
          stream_id    text        NOT NULL,
          revision     integer     NOT NULL,
          event_id     text        NOT NULL,
          type         text        NOT NULL,
          data         jsonb       NOT NULL,
          metadata     jsonb       NOT NULL,
          recorded_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
          UNIQUE (stream_id, revision),
          UNIQUE (stream_id, event_id)
        )`);
      // The analysts' indexes (issue 14): the log by category, by type and by time, in position order.
      const indexName = (suffix: string) => identifier(`${tableName}_${suffix}`, 'table');
      await client.query(`CREATE INDEX IF NOT EXISTS ${indexName('by_category')} ON ${table} ((split_part(stream_id, '-', 1)), position)`);
      await client.query(`CREATE INDEX IF NOT EXISTS ${indexName('by_type')} ON ${table} (type, position)`);
      await client.query(`CREATE INDEX IF NOT EXISTS ${indexName('by_time')} ON ${table} (recorded_at, position)`);
      await client.query(`CREATE INDEX IF NOT EXISTS ${indexName('by_correlation')} ON ${table} ((metadata->>'correlationId'), position)`);
      await client.query(appendFunctionSql(table, appendFn, key));
      await client.query(appendBatchFunctionSql(appendBatchFn, appendFn));
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      client.release(!(await rollbackQuietly(client)));
      if (ownsPool) await pool.end();
      throw error;
    }
  }

  const sql = {
    append: `SELECT * FROM ${appendFn}($1, $2, $3, $4::text[], $5::text[], $6::text[], $7::text[])`,
    appendBatch: `SELECT * FROM ${appendBatchFn}($1::text[], $2::text[], $3::integer[], $4::integer[], $5::text[], $6::text[], $7::text[], $8::text[]) ORDER BY i`,
    readStream: `SELECT * FROM ${table} WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`,
    readAll: `SELECT * FROM ${table} WHERE position > $1 ORDER BY position LIMIT $2`,
    readAllUnbounded: `SELECT * FROM ${table} WHERE position > $1 ORDER BY position`,
    head: `SELECT coalesce(max(position), 0) AS position FROM ${table}`,
    firstAtOrAfter: `SELECT position FROM ${table} WHERE recorded_at >= $1 ORDER BY recorded_at, position LIMIT 1`,
    lastAtOrBefore: `SELECT position FROM ${table} WHERE recorded_at <= $1 ORDER BY recorded_at DESC, position DESC LIMIT 1`,
    recent: (category: boolean) =>
      `SELECT stream_id, revision, position, type, recorded_at FROM ${table} WHERE ${category ? "split_part(stream_id, '-', 1) = $3 AND " : ''}position > $1 ORDER BY position DESC LIMIT $2`,
  };

  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  const subscriptions = new Set<Subscription>();
  let closed = false;

  /** One append alone: one round trip, one implicit transaction (a pool client of its own for the call). */
  const appendOne = async (a: PendingAppend): Promise<AppendRow> => {
    const { rows } = await pool.query<AppendRow>(sql.append, [a.streamId, a.kind, a.revision, ...eventColumns(a.events)]);
    return rows[0];
  };
  /** Several appends in one transaction, in the order given. */
  const appendMany = async (batch: PendingAppend[]): Promise<AppendRow[]> => {
    const columns = eventColumns(batch.flatMap((a) => a.events));
    const { rows } = await pool.query<AppendRow>(sql.appendBatch, [
      batch.map((a) => a.streamId), batch.map((a) => a.kind), batch.map((a) => a.revision), batch.map((a) => a.events.length), ...columns,
    ]);
    return rows;
  };
  const appends = groupCommit(appendOne, appendMany);

  const readPage = async (after: number, maxCount: number): Promise<RecordedEvent[]> => {
    const { rows } = await pool.query<EventRow>(sql.readAll, [after, maxCount]);
    return rows.map(toRecorded);
  };
  const readNewPage = sharePageReads(readPage);

  const store: EventStore = {
    kind: 'postgres',

    async append(streamId, events, appendOptions): Promise<AppendResult> {
      validateBatch(streamId, events);
      const expected = appendOptions?.expectedRevision ?? 'any';
      const [kind, revision] = typeof expected === 'string' ? [expected, null] : ['revision', toNumberRevision(expected)];
      const row = await appends.decide({ streamId, kind, revision, events });
      const current = Number(row.current_revision);
      if (row.appended) {
        const result = { nextExpectedRevision: current, position: Number(row.last_position) };
        appended.emit('appended', result.position);
        return result;
      }
      const known = row.known.map((k) => ({ id: k.id, revision: Number(k.revision), position: Number(k.position) }));
      const retry = classifyRetry(streamId, events, known);
      if (retry) return retry;
      checkExpectedRevision(streamId, expected, current);
      if (events.length === 0) return { nextExpectedRevision: current, position: Number(row.last_position ?? 0) };
      throw new Error(`append to ${streamId} was refused by the database for no reason the adapter knows`);
    },

    async readStream(streamId, readOptions) {
      const { rows } = await pool.query<EventRow>(sql.readStream, [streamId, readOptions?.fromRevision ?? 0]);
      return rows.map(toRecorded);
    },

    async readAll(readOptions?: ReadAllOptions) {
      const after = readOptions?.after ?? 0;
      if (readOptions?.maxCount !== undefined) return readPage(after, Math.max(0, readOptions.maxCount));
      const { rows } = await pool.query<EventRow>(sql.readAllUnbounded, [after]);
      return rows.map(toRecorded);
    },

    async readLog(query) {
      let { after = 0, until } = query;
      // Time bounds become position bounds through the time index (positions follow commit time).
      if (query.recordedFrom !== undefined) {
        const { rows } = await pool.query<{ position: string }>(sql.firstAtOrAfter, [query.recordedFrom]);
        if (rows.length === 0) return [];
        after = Math.max(after, Number(rows[0].position) - 1);
      }
      if (query.recordedTo !== undefined) {
        const { rows } = await pool.query<{ position: string }>(sql.lastAtOrBefore, [query.recordedTo]);
        if (rows.length === 0) return [];
        until = Math.min(until ?? Number(rows[0].position), Number(rows[0].position));
      }
      const where = logWhere({ ...query, after, until }, { category: "split_part(stream_id, '-', 1)", correlationId: "metadata->>'correlationId'" }, (i) => `$${i}`);
      const { rows } = await pool.query<EventRow>(`SELECT * FROM ${table} WHERE ${where.sql} ORDER BY position LIMIT $${where.params.length + 1}`, [...where.params, Math.max(0, query.limit)]);
      return rows.map(toRecorded);
    },

    async listStreams(query) {
      const params: unknown[] = [query.after ?? 0, RECENT_STREAMS_WINDOW];
      if (query.category !== undefined) params.push(query.category);
      const { rows } = await pool.query<EventRow>(sql.recent(query.category !== undefined), params);
      return collectStreams(rows.map((row) => toRecorded({ ...row, data: null, metadata: {} } as EventRow)), query);
    },

    subscribeToAll(subscriptionOptions: SubscriptionOptions): Subscription {
      if (closed) throw new Error('event store is closed');
      return startTrackedSubscription(subscriptions, subscriptionOptions, { readPage: readNewPage, appended, pollIntervalMs, pageSize });
    },

    async headPosition() {
      const { rows } = await pool.query<{ position: string }>(sql.head);
      return Number(rows[0].position);
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      if (ownsPool) await pool.end();
    },
  };
  return store;
}
