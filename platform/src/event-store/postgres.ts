/**
 * EventStore on PostgreSQL through a `pg` Pool.
 *
 * Two traps this adapter avoids (see docs/machine-notes):
 * 1. A `pg.Client` is never shared between concurrent appends: each append checks out its own
 *    pool client for the whole transaction.
 * 2. With several writers, sequence order is not commit order. Every append takes a transaction-level
 *    advisory lock on the table before choosing positions, so appends are serialized: the position
 *    is `max(position) + 1` (gap-free), a later position is always committed after an earlier one,
 *    and a reader paging by position never skips an event that commits late.
 *
 * Subscriptions poll (other processes) and are woken at once by appends through this store.
 */
import { EventEmitter } from 'node:events';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import type { AppendResult, EventStore, ReadAllOptions, RecordedEvent, Subscription, SubscriptionOptions } from './port';
import { NO_STREAM_REVISION, checkExpectedRevision, classifyRetry, startPollingSubscription, validateBatch, type KnownEvent } from './shared';

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
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      client.release(!(await rollbackQuietly(client)));
      if (ownsPool) await pool.end();
      throw error;
    }
  }

  const sql = {
    lock: `BEGIN; SELECT pg_advisory_xact_lock(${key})`,
    state: `SELECT
        (SELECT max(revision) FROM ${table} WHERE stream_id = $1) AS revision,
        (SELECT max(position) FROM ${table}) AS head,
        (SELECT coalesce(json_agg(json_build_object('id', event_id, 'revision', revision, 'position', position)), '[]'::json)
           FROM ${table} WHERE stream_id = $1 AND event_id = ANY($2::text[])) AS known`,
    insert: `INSERT INTO ${table} (position, stream_id, revision, event_id, type, data, metadata)
      SELECT $1::bigint + i, $2, $3::integer + i, e.event_id, e.type, e.data::jsonb, e.metadata::jsonb
      FROM unnest($4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS e(event_id, type, data, metadata, i)`,
    lastOfStream: `SELECT revision, position FROM ${table} WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1`,
    readStream: `SELECT * FROM ${table} WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`,
    readAll: `SELECT * FROM ${table} WHERE position > $1 ORDER BY position LIMIT $2`,
    readAllUnbounded: `SELECT * FROM ${table} WHERE position > $1 ORDER BY position`,
    head: `SELECT coalesce(max(position), 0) AS position FROM ${table}`,
  };

  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  const subscriptions = new Set<Subscription>();
  let closed = false;

  const readPage = async (after: number, maxCount: number): Promise<RecordedEvent[]> => {
    const { rows } = await pool.query<EventRow>(sql.readAll, [after, maxCount]);
    return rows.map(toRecorded);
  };

  const store: EventStore = {
    kind: 'postgres',

    async append(streamId, events, appendOptions): Promise<AppendResult> {
      validateBatch(streamId, events);
      const expected = appendOptions?.expectedRevision ?? 'any';
      const client = await pool.connect();
      let result: AppendResult;
      try {
        await client.query(sql.lock);
        const { rows } = await client.query<{ revision: number | null; head: string | null; known: KnownEvent[] }>(sql.state, [
          streamId,
          events.map((e) => e.id),
        ]);
        const state = rows[0];
        const known = state.known.map((k) => ({ id: k.id, revision: Number(k.revision), position: Number(k.position) }));
        const retry = classifyRetry(streamId, events, known);
        if (retry) {
          result = retry;
        } else {
          const current = state.revision ?? NO_STREAM_REVISION;
          checkExpectedRevision(streamId, expected, current);
          if (events.length === 0) {
            const last = await client.query<{ position: string }>(sql.lastOfStream, [streamId]);
            result = { nextExpectedRevision: current, position: Number(last.rows[0]?.position ?? 0) };
          } else {
            const head = Number(state.head ?? 0);
            await client.query(sql.insert, [
              head,
              streamId,
              current,
              events.map((e) => e.id),
              events.map((e) => e.type),
              events.map((e) => JSON.stringify(e.data ?? null)),
              events.map((e) => JSON.stringify(e.metadata ?? {})),
            ]);
            result = { nextExpectedRevision: current + events.length, position: head + events.length };
          }
        }
        await client.query('COMMIT');
        client.release();
      } catch (error) {
        client.release(!(await rollbackQuietly(client)));
        throw error;
      }
      if (events.length > 0) appended.emit('appended', result.position);
      return result;
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

    subscribeToAll(subscriptionOptions: SubscriptionOptions): Subscription {
      if (closed) throw new Error('event store is closed');
      const inner = startPollingSubscription(subscriptionOptions, {
        readPage,
        onAppended: (listener) => {
          appended.on('appended', listener);
          return () => appended.off('appended', listener);
        },
        pollIntervalMs,
        pageSize,
      });
      const subscription: Subscription = {
        stop: async () => {
          subscriptions.delete(subscription);
          await inner.stop();
        },
      };
      subscriptions.add(subscription);
      return subscription;
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
