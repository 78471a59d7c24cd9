import { resolve } from 'node:path';
import type { MongoDocumentStoreOptions } from './mongo';
import type { DocumentStore } from './port';
import { SqliteDocumentStore, type SqliteDocumentStoreOptions } from './sqlite';

export * from './port';
export { SqliteDocumentStore, type SqliteDocumentStoreOptions } from './sqlite';
export type { MongoDocumentStoreOptions } from './mongo';

/**
 * Opens the read-model store a URL names:
 * `mongodb://…` or `mongodb+srv://…` → MongoDB (or FerretDB); `file:/path/db.sqlite`, a plain path or
 * `:memory:` → embedded SQLite.
 */
export async function openDocumentStore(
  url: string,
  options: SqliteDocumentStoreOptions & MongoDocumentStoreOptions = {},
): Promise<DocumentStore> {
  // The MongoDB driver loads only when a URL names it.
  if (/^mongodb(\+srv)?:\/\//.test(url)) return (await import('./mongo')).MongoDocumentStore.connect(url, options);
  if (url === ':memory:' || url === 'file::memory:') return new SqliteDocumentStore(':memory:', options);
  const path = url.startsWith('file://') ? url.slice('file://'.length) : url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (!path || /^[a-z][a-z0-9+.-]*:\/\//i.test(path)) throw new Error(`Unsupported document store URL "${url}"`);
  return new SqliteDocumentStore(resolve(path), options);
}
