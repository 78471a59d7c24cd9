/**
 * DocumentStore port for read models. Adapters: embedded SQLite (default), MongoDB.
 * Kept to what MongoDB does natively (equality filters, sort, limit/skip, upsert by id).
 * All pass `document-store.contract.ts`.
 *
 * Every document carries `_id` and `_position`: the global event position it last applied,
 * so a projection replaying an event it already applied changes nothing.
 */
export type Doc = { _id: string } & Record<string, any>;
export type Stored<T> = T & { _id: string; _position: number };

export type Filter<T> = Partial<{ [K in keyof T]: T[K] | null }>;

export interface FindOptions<T> {
  sort?: Partial<Record<keyof T & string, 1 | -1>>;
  limit?: number;
  skip?: number;
}

export interface Collection<T extends Doc> {
  get(id: string): Promise<Stored<T> | null>;
  find(filter?: Filter<T>, options?: FindOptions<T>): Promise<Stored<T>[]>;
  count(filter?: Filter<T>): Promise<number>;
  /**
   * The projection primitive: read the document, let `change` compute the next version
   * (return null to delete, or the same reference to leave it), write it with `_position = position`.
   * A no-op when the stored document already applied `position` or a later one.
   * Returns true when something was written.
   */
  apply(id: string, position: number, change: (current: Stored<T> | null) => T | null): Promise<boolean>;
  /** Replace (or insert) unconditionally; for rebuilds and tests. */
  upsert(id: string, doc: Omit<T, '_id'>, position?: number): Promise<void>;
  /** Set some fields of an existing document; false if it does not exist. */
  patch(id: string, fields: Partial<Omit<T, '_id'>>, position?: number): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /**
   * Write many documents at once (null deletes): one transaction on SQLite, one bulk write on
   * MongoDB. For rebuilds, which apply thousands of events between two writes.
   */
  writeMany(changes: ReadonlyArray<{ id: string; doc: Omit<T, '_id'> | null; position: number }>): Promise<void>;
  /** Remove every document (rebuild from position 0). */
  clear(): Promise<void>;
}

export interface DocumentStore {
  readonly kind: string;
  collection<T extends Doc>(name: string, options?: { indexes?: string[][] }): Collection<T>;
  /**
   * Atomically make `replacement`'s documents those of `target` (a rebuilt read model swapped in):
   * readers see the old documents or the new ones, never a mix or none. `target` keeps its own
   * indexes; `replacement` no longer exists afterwards.
   */
  replaceCollection(target: string, replacement: string): Promise<void>;
  /**
   * Runs `work`, whose writes the engine may commit together (SQLite: one transaction, each
   * `apply` in it a savepoint of its own; MongoDB: each write as it comes). Committed when `work`
   * ends, or at the end of the event loop's turn should `work` last longer, so no lock is held
   * while it waits. A projection applies a page of events in one batch: one commit, not one per
   * document. Every write stays idempotent by position, so a batch committed in parts is still right.
   */
  batch<T>(work: () => Promise<T>): Promise<T>;
  /** Named checkpoints (projector positions), kept beside the documents. */
  getCheckpoint(name: string): Promise<number>;
  setCheckpoint(name: string, position: number): Promise<void>;
  close(): Promise<void>;
}
