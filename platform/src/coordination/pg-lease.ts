import type { Client } from 'pg';
import type { Lease } from './lease';

/**
 * A lease held as a PostgreSQL session advisory lock on a dedicated connection: exactly one
 * session can hold it, and it is released by the server the moment the holder's connection
 * dies, so a killed leader is replaced at the next check of a standby.
 */
export function postgresLease(connectionString: string, name: string): Lease {
  let client: Client | null = null;
  let held = false;
  const key = `studio-lease:${name}`;

  const connect = async () => {
    const { Client } = await import('pg'); // loaded only on PostgreSQL
    const c = new Client({ connectionString });
    c.on('error', () => {
      // The connection broke: the server has released the lock with it.
      held = false;
      client = null;
    });
    await c.connect();
    client = c;
    return c;
  };

  return {
    kind: 'postgres-advisory-lock',
    async tryAcquire() {
      const c = client ?? (await connect());
      if (held) {
        // Still ours while the session lives; a cheap round trip proves it does.
        await c.query('SELECT 1');
        return true;
      }
      const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [key]);
      held = rows[0]?.ok === true;
      return held;
    },
    async release() {
      const c = client;
      client = null;
      if (!c) return;
      if (held) await c.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
      held = false;
      await c.end().catch(() => undefined);
    },
  };
}
