/** What the benchmarks share: a table row, and the event stores each one is measured on. */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { openPostgresEventStore, openSqliteEventStore, type EventStore } from '@app/platform';

/** One row of `npm run bench`'s table; `target` like '<= 1.3' or '>= 1000'. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

/**
 * Runs `measure` on a fresh embedded SQLite store, then on PostgreSQL in a throw-away schema when
 * POSTGRES_URL is set; everything is removed afterwards. `dir` is a scratch directory.
 */
export async function onEachEventStore(name: string, measure: (store: EventStore, label: 'sqlite' | 'postgres', dir: string) => Promise<BenchRow[]>): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  try {
    const sqlite = openSqliteEventStore({ file: join(dir, 'events.db') });
    try {
      rows.push(...(await measure(sqlite, 'sqlite', dir)));
    } finally {
      await sqlite.close();
    }
    const url = process.env.POSTGRES_URL;
    if (url) {
      const schema = `bench_${name.replace(/\W/g, '_')}_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
      const postgres = await openPostgresEventStore({ connectionString: url, schema });
      try {
        rows.push(...(await measure(postgres, 'postgres', dir)));
      } finally {
        await postgres.close();
        const pool = new Pool({ connectionString: url });
        await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => pool.end());
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
