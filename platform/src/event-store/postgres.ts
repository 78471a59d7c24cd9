/**
 * EventStore on PostgreSQL through a `pg` Pool.
 *
 * Two traps this adapter avoids (see docs/machine-notes):
 * 1. A `pg.Client` is never shared between concurrent appends: each call is one `pool.query`
 *    (one pooled client, one implicit transaction) of a server-side function.
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
 * The appends of one group commit, server-side so they cost one round trip and a handful of
 * statements whatever their number: take the table's advisory lock, then (each statement of a plpgsql
 * function sees a fresh snapshot, so everything committed before the lock was granted) read the last
 * revision and position of every stream in the batch and which of the batch's event ids each stream
 * already holds, one index probe each. Then decide each append in turn in memory, exactly as if it
 * were alone: the ones before it in the batch count as written. An append goes in only when it is
 * fresh and its expected revision matches; otherwise it answers the state the adapter needs to
 * explain why (idempotent retry, mixed batch, wrong expected revision). One INSERT writes them all.
 *
 * The events of append n are the next `p_counts[n]` entries of the flat arrays; `p_event_streams`
 * names each event's stream. Every statement's cached (generic) plan is the index walk itself, so
 * plpgsql plans each once for every stream: an append costs the same on a fresh or a long stream.
 */
function appendBatchFunctionSql(table: string, fn: string, key: string): string {
  return `
    CREATE OR REPLACE FUNCTION ${fn}(
      p_streams text[], p_kinds text[], p_revisions integer[], p_counts integer[],
      p_ids text[], p_types text[], p_data text[], p_metadata text[], p_event_streams text[])
    RETURNS TABLE (i integer, current_revision integer, last_position bigint, known json, appended boolean)
    LANGUAGE plpgsql VOLATILE AS $fn$
    DECLARE
      v_heads jsonb;  -- stream -> [revision, position] of its last event
      v_known jsonb;  -- stream, unit separator, event id -> {id, revision, position}
      v_head bigint;
      v_from integer := 1;
      v_to integer;
      v_stream text;
      v_key text;
      v_found jsonb;
      v_at integer[] := '{}';
      v_positions bigint[] := '{}';
      v_revisions integer[] := '{}';
    BEGIN
      PERFORM pg_advisory_xact_lock(${key});
      SELECT coalesce(jsonb_object_agg(s.stream_id, jsonb_build_array(h.revision, h.position)), '{}'::jsonb) INTO v_heads
        FROM (SELECT DISTINCT u.stream_id FROM unnest(p_streams) AS u(stream_id)) s
        CROSS JOIN LATERAL (
          SELECT e.revision, e.position FROM ${table} e WHERE e.stream_id = s.stream_id ORDER BY e.stream_id DESC, e.revision DESC LIMIT 1
        ) h;
      SELECT coalesce(jsonb_object_agg(u.stream_id || chr(31) || u.event_id, jsonb_build_object('id', k.event_id, 'revision', k.revision, 'position', k.position)), '{}'::jsonb)
        INTO v_known
        FROM unnest(p_event_streams, p_ids) AS u(stream_id, event_id)
        CROSS JOIN LATERAL (
          SELECT e.event_id, e.revision, e.position FROM ${table} e WHERE e.stream_id = u.stream_id AND e.event_id = u.event_id LIMIT 1
        ) k;
      SELECT coalesce(max(e.position), 0) INTO v_head FROM ${table} e;

      FOR n IN 1 .. coalesce(cardinality(p_streams), 0) LOOP
        i := n;
        v_stream := p_streams[n];
        v_to := v_from + p_counts[n] - 1;
        current_revision := coalesce((v_heads -> v_stream ->> 0)::integer, -1);
        last_position := (v_heads -> v_stream ->> 1)::bigint;
        v_found := '[]'::jsonb;
        FOR j IN v_from .. v_to LOOP
          v_key := v_stream || chr(31) || p_ids[j];
          IF v_known ? v_key THEN
            v_found := v_found || jsonb_build_array(v_known -> v_key);
          END IF;
        END LOOP;
        appended := false;
        IF jsonb_array_length(v_found) = 0 AND p_counts[n] > 0 AND (CASE p_kinds[n]
             WHEN 'any' THEN true
             WHEN 'no_stream' THEN current_revision = -1
             WHEN 'stream_exists' THEN current_revision <> -1
             ELSE current_revision = p_revisions[n] END) THEN
          FOR j IN v_from .. v_to LOOP
            current_revision := current_revision + 1;
            v_head := v_head + 1;
            v_at := v_at || j;
            v_positions := v_positions || v_head;
            v_revisions := v_revisions || current_revision;
            v_known := v_known || jsonb_build_object(v_stream || chr(31) || p_ids[j],
              jsonb_build_object('id', p_ids[j], 'revision', current_revision, 'position', v_head));
          END LOOP;
          last_position := v_head;
          v_heads := v_heads || jsonb_build_object(v_stream, jsonb_build_array(current_revision, v_head));
          appended := true;
        END IF;
        known := v_found::json;
        RETURN NEXT;
        v_from := v_to + 1;
      END LOOP;

      INSERT INTO ${table} (position, stream_id, revision, event_id, type, data, metadata)
        SELECT u.position, p_event_streams[u.at], u.revision, p_ids[u.at], p_types[u.at], p_data[u.at]::jsonb, p_metadata[u.at]::jsonb
        FROM unnest(v_at, v_positions, v_revisions) AS u(at, position, revision);
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

/** What the append function answers for each append. */
interface AppendRow {
  current_revision: number;
  last_position: string | null;
  known: KnownEvent[];
  appended: boolean;
}

/** The events' columns as the append function takes them. */
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
function groupCommit(commit: (batch: PendingAppend[]) => Promise<AppendRow[]>) {
  type Waiting = { append: PendingAppend; resolve: (row: AppendRow) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let running = false;
  const together = async (batch: Waiting[]) => {
    let rows: AppendRow[];
    try {
      rows = await commit(batch.map((entry) => entry.append));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      for (const entry of batch) await together([entry]);
      return;
    }
    const lost = rows.length === batch.length ? null : new Error(`the batched append answered ${rows.length} rows for ${batch.length} appends`);
    batch.forEach((entry, index) => (lost ? entry.reject(lost) : entry.resolve(rows[index])));
  };
  const run = async () => {
    running = true;
    while (waiting.length > 0) await together(waiting.splice(0, MAX_BATCH));
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
      await client.query(appendBatchFunctionSql(table, appendBatchFn, key));
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      client.release(!(await rollbackQuietly(client)));
      if (ownsPool) await pool.end();
      throw error;
    }
  }

  const sql = {
    appendBatch: `SELECT * FROM ${appendBatchFn}($1::text[], $2::text[], $3::integer[], $4::integer[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) ORDER BY i`,
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

  /** Appends in one round trip and one transaction, each decided in the order given. */
  const appendAll = async (batch: PendingAppend[]): Promise<AppendRow[]> => {
    const events = batch.flatMap((a) => a.events);
    const { rows } = await pool.query<AppendRow>(sql.appendBatch, [
      batch.map((a) => a.streamId), batch.map((a) => a.kind), batch.map((a) => a.revision), batch.map((a) => a.events.length),
      ...eventColumns(events), batch.flatMap((a) => a.events.map(() => a.streamId)),
    ]);
    return rows;
  };
  const appends = groupCommit(appendAll);

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
