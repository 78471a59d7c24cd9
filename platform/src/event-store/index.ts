import { fileURLToPath } from 'node:url';
import { UPCASTERS, upcasterRegistry } from '@app/domain';
import type { EventStore } from './port';
import { withUpcasting } from './upcasting';
import type { PostgresEventStoreOptions } from './postgres';
import { openSqliteEventStore } from './sqlite';

export * from './port';
export { openSqliteEventStore, type SqliteEventStoreOptions } from './sqlite';
export type { PostgresEventStoreOptions } from './postgres';
export type { KurrentDbEventStoreOptions } from './kurrentdb';
export { withUpcasting } from './upcasting';

// The PostgreSQL and KurrentDB adapters (and their client libraries) load only when a URL names them.

/** The PostgreSQL adapter, without the domain's upcasters. */
export async function openPostgresEventStore(options: PostgresEventStoreOptions): Promise<EventStore> {
  return (await import('./postgres')).openPostgresEventStore(options);
}

/**
 * Opens the adapter a URL names, behind the domain's upcasters (every read in the current shape):
 * - a plain path, `file:path` or `file:///abs/path` → embedded SQLite;
 * - `postgres://` / `postgresql://` → PostgreSQL (optional `?schema=name&table=name`);
 * - `kurrentdb://`, `kurrentdb+discover://`, `kurrent://`, `kdb://`, `esdb://`, `esdb+discover://` → KurrentDB.
 */
export async function openEventStore(url: string): Promise<EventStore> {
  return withUpcasting(await openAdapter(url), upcasterRegistry(UPCASTERS));
}

async function openAdapter(url: string): Promise<EventStore> {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  switch (scheme) {
    case 'postgres':
    case 'postgresql': {
      const parsed = new URL(url);
      const schema = parsed.searchParams.get('schema') ?? undefined;
      const table = parsed.searchParams.get('table') ?? undefined;
      parsed.searchParams.delete('schema');
      parsed.searchParams.delete('table');
      return openPostgresEventStore({ connectionString: parsed.toString(), schema, table });
    }
    case 'kurrentdb':
    case 'kurrentdb+discover':
    case 'kurrent':
    case 'kurrent+discover':
    case 'kdb':
    case 'kdb+discover':
    case 'esdb':
    case 'esdb+discover':
      return (await import('./kurrentdb')).openKurrentDbEventStore({ connectionString: url });
    case 'file':
      return openSqliteEventStore({ file: url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length) });
    case undefined:
      return openSqliteEventStore({ file: url });
    default:
      // A Windows drive letter (C:\...) is a path, anything else an unknown scheme.
      if (scheme.length === 1) return openSqliteEventStore({ file: url });
      throw new Error(`unsupported event store URL scheme "${scheme}:" (use a path, file:, postgres://, or kurrentdb://)`);
  }
}
