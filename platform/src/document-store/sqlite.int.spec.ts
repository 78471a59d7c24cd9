import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { documentStoreContract } from './document-store.contract';
import { openDocumentStore } from './index';
import { SqliteDocumentStore } from './sqlite';

const dir = mkdtempSync(join(tmpdir(), 'document-store-'));
const file = join(dir, 'read-models.sqlite');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

documentStoreContract('sqlite', async () => new SqliteDocumentStore(file));

describe('SqliteDocumentStore', () => {
  describe('When a collection asks for indexes', () => {
    it('should let equality filters use the expression index', async () => {
      const store = new SqliteDocumentStore(file);
      const videos = store.collection<{ _id: string; userId: string; status: string }>('indexed', { indexes: [['userId', 'status']] });
      await videos.upsert('v1', { userId: 'u1', status: 'ready' }, 1);
      await store.close();
      const db = new Database(file, { readonly: true });
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN SELECT _id FROM "indexed" WHERE json_extract(doc, '$.userId') = ? AND json_extract(doc, '$.status') = ?`)
        .all('u1', 'ready') as Array<{ detail: string }>;
      db.close();
      expect(plan.map((row) => row.detail).join(' ')).toContain('ix_indexed_userId_status');
    });
  });

  describe('When opened by URL', () => {
    it('should open SQLite for file: URLs and plain paths', async () => {
      for (const url of [`file:${join(dir, 'a.sqlite')}`, join(dir, 'b', 'c.sqlite'), ':memory:']) {
        const store = await openDocumentStore(url);
        expect(store.kind).toBe('sqlite');
        await store.setCheckpoint('p', 1);
        expect(await store.getCheckpoint('p')).toBe(1);
        await store.close();
      }
    });

    it('should use WAL', () => {
      const db = new Database(file, { readonly: true });
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();
    });
  });
});
