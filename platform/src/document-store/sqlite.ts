import type Database from 'better-sqlite3';
import type { Collection, Doc, DocumentStore, Filter, FindOptions, Stored } from './port';
import { openSqliteFile, type SqliteFile } from '../shared/sqlite-file';
import { assertCollectionName, assertFieldPath, assertPosition, bodyOf, CHECKPOINTS, runChange } from './shared';

export interface SqliteDocumentStoreOptions {
  /** How long a writer waits for another process's write lock before failing (ms). Default 5000. */
  busyTimeoutMs?: number;
}

type Row = { _id: string; _position: number; doc: string };

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** The SQL expression for a field; the path is inlined (validated) so expression indexes match it. */
function fieldExpression(field: string): string {
  if (field === '_id') return '_id';
  if (field === '_position') return '_position';
  assertFieldPath(field);
  return `json_extract(doc, '$.${field}')`;
}

function whereOf(filter: Record<string, unknown> | undefined): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  for (const [field, raw] of Object.entries(filter ?? {})) {
    if (raw === undefined) continue;
    const expression = fieldExpression(field);
    const value = raw instanceof Date ? raw.toISOString() : raw;
    if (value === null) {
      clauses.push(`${expression} IS NULL`);
    } else if (typeof value === 'boolean') {
      if (field === '_id' || field === '_position') clauses.push('0');
      else clauses.push(`json_type(doc, '$.${field}') = '${value ? 'true' : 'false'}'`);
    } else if (typeof value === 'number' || typeof value === 'string') {
      clauses.push(`${expression} = ?`);
      params.push(value);
    } else if (typeof value === 'object') {
      // Embedded documents and arrays match exactly (same fields in the same order), as in MongoDB.
      clauses.push(`${expression} = json(?)`);
      params.push(JSON.stringify(value));
    } else {
      throw new Error(`Unsupported filter value for "${field}": ${typeof value}`);
    }
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

function orderOf(sort: Record<string, 1 | -1 | undefined> | undefined): string {
  const keys = Object.entries(sort ?? {}).filter(([, direction]) => direction !== undefined);
  const parts = keys.map(([field, direction]) => `${fieldExpression(field)} ${direction === -1 ? 'DESC' : 'ASC'}`);
  // A total order (ties broken by _id) keeps skip/limit paging stable.
  if (!keys.some(([field]) => field === '_id')) parts.push('_id ASC');
  return `ORDER BY ${parts.join(', ')}`;
}

/** Index names this connection already created (a collection is asked for on every request). */
const createdIndexes = new WeakMap<Database.Database, Set<string>>();

/** Expression indexes on `json_extract(doc, '$.field')`, the exact expressions filters and sorts use. */
function createIndexes(db: Database.Database, name: string, indexes: string[][]): void {
  let created = createdIndexes.get(db);
  if (!created) createdIndexes.set(db, (created = new Set()));
  for (const fields of indexes) {
    if (fields.length === 0) continue;
    const indexName = quote(`ix_${name}_${fields.join('_')}`);
    if (created.has(indexName)) continue;
    db.exec(`CREATE INDEX IF NOT EXISTS ${indexName} ON ${quote(name)} (${fields.map(fieldExpression).join(', ')})`);
    created.add(indexName);
  }
}

/** How much the read cache holds at most, in characters of documents; past it, it starts again. */
const READ_CACHE_LIMIT = 8_000_000;

/** The read caches of each file open in this process: a write through one handle clears them all. */
const cachesOfFile = new Map<string, Set<ReadCache>>();

/** Taken at load, so that a test's fake timers cannot hold a turn open forever. */
const nextTurn = setImmediate;

/**
 * The rows of recent reads, kept until anything in the file changes: a write through a handle of
 * this process (the store tells it) or a commit by another connection (SQLite's `PRAGMA
 * data_version` moves). Dashboards ask the same few queries again and again between two changes;
 * each is then answered from memory and parsed afresh, so a caller may change what it gets. Reads
 * inside a transaction see its uncommitted writes, which a rollback would undo: those are not kept.
 *
 * Asking SQLite for the version takes a read lock (two `fcntl` calls), about 1 us, which was 5 % of
 * a cached GET /api/series. So the version is looked at once per turn of the event loop, and again
 * after every read that goes to the file. What that keeps true:
 * - every kept row is of one version, the last one looked at: a row is kept only when the version
 *   did not move while it was read;
 * - a read never answers older than a read before it: a read that goes to the file and finds the
 *   version moved forgets everything kept, and a fresh read outside the cache (a checkpoint) looks
 *   at the version after it (`lookAtVersion`);
 * - another process's commit is seen from the next turn at the latest: anything that tells this
 *   process about it (an HTTP request, a poll's timer) arrives in a later turn.
 */
class ReadCache {
  private readonly entries = new Map<string, Row | Row[] | number | null>();
  private size = 0;
  private seenVersion = -1;
  private lookedThisTurn = false;
  private readonly version: Database.Statement<[], number>;
  private readonly siblings: Set<ReadCache>;

  constructor(private readonly db: Database.Database) {
    this.version = db.prepare<[], number>('PRAGMA data_version').pluck();
    if (db.memory) {
      this.siblings = new Set([this]);
    } else {
      let siblings = cachesOfFile.get(db.name);
      if (!siblings) cachesOfFile.set(db.name, (siblings = new Set()));
      siblings.add(this);
      this.siblings = siblings;
    }
  }

  /** A write through a handle of this file is about to run, or has committed: nothing read before it holds. */
  changed(): void {
    for (const cache of this.siblings) cache.forget();
  }

  /** Looks at the file's version now; when another connection committed since, forgets what it kept. */
  lookAtVersion(): boolean {
    const version = this.version.get()!;
    if (version === this.seenVersion) return false;
    this.forget();
    this.seenVersion = version;
    return true;
  }

  read<R extends Row | Row[] | number | null>(key: string, query: () => R): R {
    if (this.db.inTransaction) return query();
    if (!this.lookedThisTurn) {
      this.lookedThisTurn = true;
      nextTurn(() => (this.lookedThisTurn = false));
      this.lookAtVersion();
    }
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept as R;
    const rows = query();
    if (this.lookAtVersion()) return rows;
    const size = key.length + (Array.isArray(rows) ? rows.reduce((sum, row) => sum + row.doc.length, 0) : rows && typeof rows === 'object' ? rows.doc.length : 0);
    if (this.size + size > READ_CACHE_LIMIT) this.forget();
    this.entries.set(key, rows);
    this.size += size;
    return rows;
  }

  close(): void {
    this.forget();
    this.siblings.delete(this);
    if (this.siblings.size === 0 && cachesOfFile.get(this.db.name) === this.siblings) cachesOfFile.delete(this.db.name);
  }

  private forget(): void {
    this.entries.clear();
    this.size = 0;
  }
}

/**
 * The parsed document with its id and position set on it: the same fields in the same order as
 * spreading it into a new object, at a third of the cost (V8 copies a spread field by field).
 */
function toStored<T extends Doc>(row: Row): Stored<T> {
  const stored = JSON.parse(row.doc) as Record<string, unknown>;
  stored._id = row._id;
  stored._position = row._position;
  return stored as Stored<T>;
}

class SqliteCollection<T extends Doc> implements Collection<T> {
  private readonly table: string;
  private readonly selectOne: Database.Statement<[string], Row>;
  private readonly write: Database.Statement<[string, number, string]>;
  private readonly remove: Database.Statement<[string]>;
  /** Queries prepared once per shape (filters and sorts come from a handful of call sites). */
  private readonly statements = new Map<string, Database.Statement<unknown[], any>>();

  constructor(private readonly db: Database.Database, name: string, indexes: string[][], private readonly cache: ReadCache) {
    this.table = quote(name);
    db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (_id TEXT PRIMARY KEY, _position INTEGER NOT NULL DEFAULT 0, doc JSON NOT NULL)`);
    createIndexes(db, name, indexes);
    this.selectOne = db.prepare(`SELECT _id, _position, doc FROM ${this.table} WHERE _id = ?`);
    this.write = db.prepare(
      `INSERT INTO ${this.table} (_id, _position, doc) VALUES (?, ?, ?)
       ON CONFLICT(_id) DO UPDATE SET _position = excluded._position, doc = excluded.doc`,
    );
    this.remove = db.prepare(`DELETE FROM ${this.table} WHERE _id = ?`);
  }

  async get(id: string): Promise<Stored<T> | null> {
    const row = this.cache.read(`get\0${this.table}\0${id}`, () => this.selectOne.get(id) ?? null);
    return row ? toStored<T>(row) : null;
  }

  async find(filter?: Filter<T>, options: FindOptions<T> = {}): Promise<Stored<T>[]> {
    const where = whereOf(filter as Record<string, unknown>);
    let sql = `SELECT _id, _position, doc FROM ${this.table} ${where.sql} ${orderOf(options.sort as Record<string, 1 | -1>)}`;
    const params = [...where.params];
    if (options.limit !== undefined || options.skip !== undefined) {
      sql += ' LIMIT ? OFFSET ?';
      // MongoDB treats limit 0 as "no limit".
      params.push(options.limit ? options.limit : -1, options.skip ?? 0);
    }
    const rows = this.cache.read(`find\0${sql}\0${JSON.stringify(params)}`, () => this.statement<Row>(sql).all(...params));
    return rows.map((row) => toStored<T>(row));
  }

  async count(filter?: Filter<T>): Promise<number> {
    const where = whereOf(filter as Record<string, unknown>);
    const sql = `SELECT COUNT(*) AS n FROM ${this.table} ${where.sql}`;
    return this.cache.read(`count\0${sql}\0${JSON.stringify(where.params)}`, () => this.statement<{ n: number }>(sql).get(...where.params)?.n ?? 0);
  }

  private statement<R>(sql: string): Database.Statement<unknown[], R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= 200) this.statements.clear();
      this.statements.set(sql, (statement = this.db.prepare<unknown[], R>(sql)));
    }
    return statement;
  }

  async apply(id: string, position: number, change: (current: Stored<T> | null) => T | null): Promise<boolean> {
    assertPosition(position);
    this.cache.changed();
    const applyOne = (): boolean => {
      const row = this.selectOne.get(id);
      if (row && row._position >= position) return false;
      // The document parsed from the row is this call's own; the row's text is its body as stored.
      const outcome = runChange(row ? toStored<T>(row) : null, change, row ? row.doc : null);
      if (outcome.kind === 'unchanged') return false;
      if (outcome.kind === 'delete') return this.remove.run(id).changes > 0;
      this.write.run(id, position, outcome.text);
      return true;
    };
    // In a batch, the write lock is held already; one statement writes, after anything that can throw.
    if (this.db.inTransaction) return applyOne();
    // BEGIN IMMEDIATE: take the write lock before reading, so another process cannot interleave.
    return this.db.transaction(applyOne).immediate();
  }

  async upsert(id: string, doc: Omit<T, '_id'>, position = 0): Promise<void> {
    assertPosition(position);
    this.cache.changed();
    this.write.run(id, position, JSON.stringify(bodyOf(doc as Record<string, unknown>)));
  }

  async patch(id: string, fields: Partial<Omit<T, '_id'>>, position?: number): Promise<boolean> {
    if (position !== undefined) assertPosition(position);
    this.cache.changed();
    const run = this.db.transaction((): boolean => {
      const row = this.selectOne.get(id);
      if (!row) return false;
      const body = { ...(JSON.parse(row.doc) as object), ...bodyOf(fields as Record<string, unknown>) };
      this.write.run(id, position ?? row._position, JSON.stringify(body));
      return true;
    });
    return run.immediate();
  }

  async delete(id: string): Promise<boolean> {
    this.cache.changed();
    return this.remove.run(id).changes > 0;
  }

  async writeMany(changes: ReadonlyArray<{ id: string; doc: Omit<T, '_id'> | null; position: number }>): Promise<void> {
    for (const change of changes) assertPosition(change.position);
    this.cache.changed();
    this.db.transaction(() => {
      for (const { id, doc, position } of changes) {
        if (doc === null) this.remove.run(id);
        else this.write.run(id, position, JSON.stringify(bodyOf(doc as Record<string, unknown>)));
      }
    }).immediate();
  }

  async clear(): Promise<void> {
    this.cache.changed();
    this.db.prepare(`DELETE FROM ${this.table}`).run();
  }
}

/** Read models in one SQLite file (WAL): the embedded default. Several processes may share the file. */
export class SqliteDocumentStore implements DocumentStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly collections = new Map<string, SqliteCollection<any>>();
  private readonly cache: ReadCache;
  private readonly readCheckpoint: Database.Statement<[string], { position: number }>;
  private readonly writeCheckpoint: Database.Statement<[string, number]>;
  private readonly file: SqliteFile;

  constructor(filename: string, options: SqliteDocumentStoreOptions = {}) {
    this.file = openSqliteFile(filename, { busyTimeoutMs: options.busyTimeoutMs });
    this.db = this.file.db;
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${quote(CHECKPOINTS)} (name TEXT PRIMARY KEY, position INTEGER NOT NULL)`);
    this.cache = new ReadCache(this.db);
    this.readCheckpoint = this.db.prepare(`SELECT position FROM ${quote(CHECKPOINTS)} WHERE name = ?`);
    this.writeCheckpoint = this.db.prepare(
      `INSERT INTO ${quote(CHECKPOINTS)} (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position`,
    );
  }

  collection<T extends Doc>(name: string, options: { indexes?: string[][] } = {}): Collection<T> {
    assertCollectionName(name);
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new SqliteCollection<T>(this.db, name, options.indexes ?? [], this.cache);
      this.collections.set(name, collection);
    } else if (options.indexes?.length) {
      // A later caller asking for more indexes still gets them.
      createIndexes(this.db, name, options.indexes);
    }
    return collection as SqliteCollection<T>;
  }

  async replaceCollection(target: string, replacement: string): Promise<void> {
    assertCollectionName(target);
    assertCollectionName(replacement);
    this.collection(target);
    this.collection(replacement);
    this.cache.changed();
    const indexesOf = this.db.prepare<[string], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL");
    this.db.transaction(() => {
      const targetIndexes = indexesOf.all(target);
      for (const index of indexesOf.all(replacement)) this.db.exec(`DROP INDEX ${quote(index.name)}`);
      this.db.exec(`DROP TABLE ${quote(target)}`);
      this.db.exec(`ALTER TABLE ${quote(replacement)} RENAME TO ${quote(target)}`);
      for (const index of targetIndexes) this.db.exec(index.sql);
    }).immediate();
    this.collections.delete(replacement);
    // The replacement's indexes went with it: a later collection of that name creates them again.
    const created = createdIndexes.get(this.db);
    for (const name of created ?? []) if (name.startsWith(quote(`ix_${replacement}_`).slice(0, -1))) created!.delete(name);
  }

  async batch<T>(work: () => Promise<T>): Promise<T> {
    // Within a batch already (or another transaction): its writes join it.
    if (this.db.inTransaction) return work();
    this.db.exec('BEGIN IMMEDIATE');
    let open = true;
    const commit = () => {
      if (!open) return;
      open = false;
      if (this.db.open && this.db.inTransaction) this.db.exec('COMMIT');
      // Another handle of this process may have read the rows this batch replaced, before it committed.
      this.cache.changed();
    };
    // The write lock is never held past this turn: work that waits on anything else commits what it wrote so far.
    const endOfTurn = setImmediate(commit);
    try {
      return await work();
    } finally {
      clearImmediate(endOfTurn);
      commit();
    }
  }

  async getCheckpoint(name: string): Promise<number> {
    const position = this.readCheckpoint.get(name)?.position ?? 0;
    // Read models read after a checkpoint must be as fresh as it (read-your-writes waits on it).
    if (!this.db.inTransaction) this.cache.lookAtVersion();
    return position;
  }

  async setCheckpoint(name: string, position: number): Promise<void> {
    assertPosition(position);
    this.writeCheckpoint.run(name, position);
  }

  async close(): Promise<void> {
    if (!this.db.open) return;
    this.cache.close();
    this.file.close();
  }
}
