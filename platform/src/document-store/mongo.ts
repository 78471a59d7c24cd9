import { MongoClient, type Collection as MongoCollection, type Db, type Filter as MongoFilter, type Sort } from 'mongodb';
import type { Collection, Doc, DocumentStore, Filter, FindOptions, Stored } from './port';
import { assertCollectionName, assertFieldPath, assertPosition, bodyOf, CHECKPOINTS, runChange } from './shared';

/**
 * Read models in MongoDB (official driver). Written to the subset real MongoDB and FerretDB v1 share:
 * no transactions, no pipeline updates, no $lookup/$facet, no arrayFilters. Every write is a single-
 * document operation made idempotent by `_position`.
 */
export interface MongoDocumentStoreOptions {
  /** Database name when the URL has none. Default `faceless`. */
  dbName?: string;
  /** How many times `apply` re-reads and retries after losing a race to another writer. Default 100. */
  maxApplyAttempts?: number;
}

type MongoDoc = { _id: string; _position?: number; [field: string]: unknown };
type CheckpointDoc = { _id: string; position: number };

const isDuplicateKey = (error: unknown) => (error as { code?: unknown } | null)?.code === 11000;

function toStored<T extends Doc>(doc: MongoDoc): Stored<T> {
  return { ...doc, _position: doc._position ?? 0 } as Stored<T>;
}

function filterOf(filter: Record<string, unknown> | undefined): MongoFilter<MongoDoc> {
  const result: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(filter ?? {})) {
    if (value === undefined) continue;
    if (field !== '_id' && field !== '_position') assertFieldPath(field);
    result[field] = value;
  }
  return result as MongoFilter<MongoDoc>;
}

function sortOf(sort: Record<string, 1 | -1 | undefined> | undefined): Sort {
  const result: Record<string, 1 | -1> = {};
  for (const [field, direction] of Object.entries(sort ?? {})) {
    if (direction === undefined) continue;
    if (field !== '_id' && field !== '_position') assertFieldPath(field);
    result[field] = direction;
  }
  // A total order (ties broken by _id) keeps skip/limit paging stable and equal to the SQLite adapter's.
  if (!('_id' in result)) result._id = 1;
  return result;
}

/**
 * Matches the stored document only if it still carries the position we read (compare-and-set),
 * and that position is below the one being applied.
 */
function unchangedSince(id: string, current: MongoDoc, position: number): MongoFilter<MongoDoc> {
  const filter = current._position === undefined
    ? { _id: id, _position: { $exists: false } }
    : { _id: id, _position: { $eq: current._position, $lt: position } };
  return filter as MongoFilter<MongoDoc>;
}

class MongoDocumentCollection<T extends Doc> implements Collection<T> {
  /** Applies to one id from this process run one after another (see `apply`). */
  private readonly applying = new Map<string, Promise<unknown>>();

  constructor(
    private readonly collection: MongoCollection<MongoDoc>,
    private readonly ready: Promise<unknown>,
    private readonly maxApplyAttempts: number,
  ) {}

  async get(id: string): Promise<Stored<T> | null> {
    await this.ready;
    const doc = await this.collection.findOne({ _id: id });
    return doc ? toStored<T>(doc) : null;
  }

  async find(filter?: Filter<T>, options: FindOptions<T> = {}): Promise<Stored<T>[]> {
    await this.ready;
    let cursor = this.collection.find(filterOf(filter as Record<string, unknown>)).sort(sortOf(options.sort as Record<string, 1 | -1>));
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    const docs = await cursor.toArray();
    return docs.map((doc) => toStored<T>(doc));
  }

  async count(filter?: Filter<T>): Promise<number> {
    await this.ready;
    return this.collection.countDocuments(filterOf(filter as Record<string, unknown>));
  }

  /**
   * Optimistic: read, compute, then write only if the document still carries the position we read
   * (insert when there was none; a duplicate key means another writer created it first). On a lost
   * race, re-read and decide again, so a concurrent lower position never overwrites a higher one and
   * no applied change is silently lost.
   *
   * Applies to the same id from this process are also queued one after another: it saves retries,
   * and it is what keeps them correct on FerretDB v1, whose conditional writes are not atomic
   * (it queries, then writes by _id). Across processes, only real MongoDB makes the
   * compare-and-set atomic; on FerretDB, give each document one writer (one projector per read model).
   */
  async apply(id: string, position: number, change: (current: Stored<T> | null) => T | null): Promise<boolean> {
    assertPosition(position);
    await this.ready;
    const previous = this.applying.get(id) ?? Promise.resolve();
    const next = previous.then(
      () => this.applyOnce(id, position, change),
      () => this.applyOnce(id, position, change),
    );
    this.applying.set(id, next);
    try {
      return await next;
    } finally {
      if (this.applying.get(id) === next) this.applying.delete(id);
    }
  }

  private async applyOnce(id: string, position: number, change: (current: Stored<T> | null) => T | null): Promise<boolean> {
    for (let attempt = 0; attempt < this.maxApplyAttempts; attempt++) {
      const current = await this.collection.findOne({ _id: id });
      if (current && (current._position ?? 0) >= position) return false;
      // A copy of the fetched document, shallow: the change may modify it (only `_position` of the fetched one is read after).
      const stored = current ? toStored<T>(current) : null;
      const outcome = runChange(stored, change, stored && JSON.stringify(bodyOf(stored)));
      if (outcome.kind === 'unchanged') return false;
      if (outcome.kind === 'delete') {
        const { deletedCount } = await this.collection.deleteOne(unchangedSince(id, current!, position));
        if (deletedCount > 0) return true;
        continue;
      }
      const next: MongoDoc = { ...outcome.body, _id: id, _position: position };
      if (!current) {
        try {
          await this.collection.insertOne(next);
          return true;
        } catch (error) {
          if (isDuplicateKey(error)) continue; // created meanwhile by someone else: decide again
          throw error;
        }
      }
      const { matchedCount } = await this.collection.replaceOne(unchangedSince(id, current, position), next);
      if (matchedCount > 0) return true;
    }
    throw new Error(`apply(${id}, ${position}) lost ${this.maxApplyAttempts} races in a row`);
  }

  async upsert(id: string, doc: Omit<T, '_id'>, position = 0): Promise<void> {
    assertPosition(position);
    await this.ready;
    const next: MongoDoc = { ...bodyOf(doc as Record<string, unknown>), _id: id, _position: position };
    try {
      await this.collection.replaceOne({ _id: id }, next, { upsert: true });
    } catch (error) {
      // Two concurrent upserts of a new id: one inserts, the other replaces.
      if (!isDuplicateKey(error)) throw error;
      await this.collection.replaceOne({ _id: id }, next, { upsert: true });
    }
  }

  async patch(id: string, fields: Partial<Omit<T, '_id'>>, position?: number): Promise<boolean> {
    if (position !== undefined) assertPosition(position);
    await this.ready;
    const set: Record<string, unknown> = bodyOf(fields as Record<string, unknown>);
    if (position !== undefined) set._position = position;
    if (Object.keys(set).length === 0) return (await this.collection.countDocuments({ _id: id }, { limit: 1 })) > 0;
    const { matchedCount } = await this.collection.updateOne({ _id: id }, { $set: set });
    return matchedCount > 0;
  }

  async delete(id: string): Promise<boolean> {
    await this.ready;
    const { deletedCount } = await this.collection.deleteOne({ _id: id });
    return deletedCount > 0;
  }

  async writeMany(changes: ReadonlyArray<{ id: string; doc: Omit<T, '_id'> | null; position: number }>): Promise<void> {
    for (const change of changes) assertPosition(change.position);
    if (changes.length === 0) return;
    await this.ready;
    await this.collection.bulkWrite(
      changes.map(({ id, doc, position }) =>
        doc === null
          ? { deleteOne: { filter: { _id: id } } }
          : { replaceOne: { filter: { _id: id }, replacement: { ...bodyOf(doc as Record<string, unknown>), _id: id, _position: position }, upsert: true } },
      ),
      { ordered: true },
    );
  }

  async clear(): Promise<void> {
    await this.ready;
    await this.collection.deleteMany({});
  }
}

export class MongoDocumentStore implements DocumentStore {
  readonly kind = 'mongo';
  private readonly collections = new Map<string, MongoDocumentCollection<any>>();
  private readonly pendingIndexes = new Set<Promise<unknown>>();
  /** Each collection's indexes asked of the server, by their fields. */
  private readonly indexRequests = new Map<string, Map<string, Promise<unknown>>>();

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly maxApplyAttempts: number,
  ) {}

  static async connect(url: string, options: MongoDocumentStoreOptions = {}): Promise<MongoDocumentStore> {
    const client = new MongoClient(url);
    await client.connect();
    const hasDbInUrl = /^mongodb(\+srv)?:\/\/[^/]+\/[^/?]+/.test(url);
    const db = hasDbInUrl ? client.db() : client.db(options.dbName ?? 'faceless');
    return new MongoDocumentStore(client, db, options.maxApplyAttempts ?? 100);
  }

  collection<T extends Doc>(name: string, options: { indexes?: string[][] } = {}): Collection<T> {
    assertCollectionName(name);
    const indexes = (options.indexes ?? []).filter((fields) => fields.length > 0);
    indexes.forEach((fields) => fields.forEach(assertFieldPath));
    const mongoCollection = this.db.collection<MongoDoc>(name);
    // A collection is asked for on every request and every event: each index is asked of the server
    // the first time only (a round trip, and costly work on some servers), again after a failure.
    let requested = this.indexRequests.get(name);
    if (!requested) this.indexRequests.set(name, (requested = new Map()));
    let asked = false;
    for (const fields of indexes) {
      const key = fields.join('\u0000');
      if (requested.has(key)) continue;
      const request = this.track(mongoCollection.createIndex(Object.fromEntries(fields.map((field) => [field, 1]))));
      const known = requested;
      request.catch(() => known.get(key) === request && known.delete(key));
      requested.set(key, request);
      asked = true;
    }
    const existing = this.collections.get(name);
    if (existing && !asked) return existing as MongoDocumentCollection<T>;
    // Every operation waits for the collection's indexes.
    const collection = new MongoDocumentCollection<T>(mongoCollection, Promise.all(requested.values()), this.maxApplyAttempts);
    this.collections.set(name, collection);
    return collection;
  }

  async replaceCollection(target: string, replacement: string): Promise<void> {
    assertCollectionName(target);
    assertCollectionName(replacement);
    await Promise.allSettled([...this.pendingIndexes]);
    const indexes = await this.db.collection(target).listIndexes().toArray().catch(() => [] as Array<{ name: string; key: Record<string, 1 | -1> }>);
    // An empty rebuild has no collection to rename: make it exist.
    if ((await this.db.listCollections({ name: replacement }, { nameOnly: true }).toArray()).length === 0) await this.db.createCollection(replacement);
    try {
      await this.db.collection(replacement).rename(target, { dropTarget: true });
    } catch (error) {
      if (!/dropTarget/.test(String((error as Error).message))) throw error;
      // FerretDB has no dropTarget: move the live collection aside first. Readers may find the
      // collection missing (empty) for the instant between the two renames; MongoDB never does.
      const aside = `${target}_replaced_${Date.now()}`;
      const exists = (await this.db.listCollections({ name: target }, { nameOnly: true }).toArray()).length > 0;
      if (exists) await this.db.collection(target).rename(aside);
      await this.db.collection(replacement).rename(target);
      if (exists) await this.db.collection(aside).drop();
    }
    for (const index of indexes) {
      if (index.name === '_id_') continue;
      await this.db.collection(target).createIndex(index.key, { name: index.name });
    }
    this.collections.delete(replacement);
    this.indexRequests.delete(replacement);
  }

  async getCheckpoint(name: string): Promise<number> {
    const doc = await this.db.collection<CheckpointDoc>(CHECKPOINTS).findOne({ _id: name });
    return doc?.position ?? 0;
  }

  async setCheckpoint(name: string, position: number): Promise<void> {
    assertPosition(position);
    const checkpoints = this.db.collection<CheckpointDoc>(CHECKPOINTS);
    try {
      await checkpoints.updateOne({ _id: name }, { $set: { position } }, { upsert: true });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await checkpoints.updateOne({ _id: name }, { $set: { position } }, { upsert: true });
    }
  }

  /** Each write goes as it comes: a document's write is atomic on its own, and the writes are idempotent by position. */
  async batch<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.pendingIndexes]);
    await this.client.close();
  }

  /** Keeps index creation from surfacing as an unhandled rejection; operations still see the error. */
  private track(promise: Promise<unknown>): Promise<unknown> {
    promise.catch(() => undefined);
    this.pendingIndexes.add(promise);
    void promise.finally(() => this.pendingIndexes.delete(promise)).catch(() => undefined);
    return promise;
  }
}
