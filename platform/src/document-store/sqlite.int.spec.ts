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

  describe('When the same read is asked again', () => {
    type Note = { _id: string; userId: string; text: string };
    const statementPrototype = () => Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1')) as { all: (...args: unknown[]) => unknown[] };

    it('should answer it from memory until this handle writes', async () => {
      const store = new SqliteDocumentStore(file);
      const notes = store.collection<Note>('cached_notes', { indexes: [['userId']] });
      await notes.upsert('n1', { userId: 'u1', text: 'one' }, 1);
      await notes.find({ userId: 'u1' });
      const queries = jest.spyOn(statementPrototype(), 'all');
      try {
        expect((await notes.find({ userId: 'u1' })).map((n) => n.text)).toEqual(['one']);
        expect(queries).not.toHaveBeenCalled();

        await notes.upsert('n2', { userId: 'u1', text: 'two' }, 2);
        expect((await notes.find({ userId: 'u1' })).map((n) => n.text)).toEqual(['one', 'two']);
        expect(queries).toHaveBeenCalledTimes(1);
      } finally {
        queries.mockRestore();
        await store.close();
      }
    });

    it("should see another handle's commit at once", async () => {
      const reader = new SqliteDocumentStore(file);
      const writer = new SqliteDocumentStore(file);
      const read = reader.collection<Note>('shared_notes', { indexes: [['userId']] });
      const write = writer.collection<Note>('shared_notes');
      await write.upsert('n1', { userId: 'u1', text: 'one' }, 1);
      expect(await read.find({ userId: 'u1' })).toHaveLength(1);
      expect(await read.count({ userId: 'u1' })).toBe(1);
      expect((await read.get('n1'))?.text).toBe('one');

      await write.upsert('n2', { userId: 'u1', text: 'two' }, 2);
      await write.patch('n1', { text: 'one, edited' }, 3);

      expect((await read.find({ userId: 'u1' })).map((n) => n.text)).toEqual(['one, edited', 'two']);
      expect(await read.count({ userId: 'u1' })).toBe(2);
      expect((await read.get('n1'))?.text).toBe('one, edited');
      await Promise.all([reader.close(), writer.close()]);
    });

    it('should ask the file for its version once a turn while it answers from memory', async () => {
      const store = new SqliteDocumentStore(file);
      const notes = store.collection<Note>('turn_notes');
      await notes.upsert('n1', { userId: 'u1', text: 'one' }, 1);
      await notes.get('n1');
      await notes.find({});
      await new Promise((resolve) => setImmediate(resolve));
      const gets = jest.spyOn(statementPrototype() as unknown as { get: (...args: unknown[]) => unknown }, 'get');
      try {
        expect((await notes.get('n1'))?.text).toBe('one');
        await notes.get('n1');
        await notes.find({});
        expect(gets).toHaveBeenCalledTimes(1); // the version, once; the rows from memory
        await new Promise((resolve) => setImmediate(resolve));
        expect((await notes.get('n1'))?.text).toBe('one');
        expect(gets).toHaveBeenCalledTimes(2); // the version again, in the new turn
      } finally {
        gets.mockRestore();
        await store.close();
      }
    });

    it("should see another process's commit from the next turn", async () => {
      const store = new SqliteDocumentStore(file);
      const notes = store.collection<Note>('other_process_notes');
      await notes.upsert('n1', { userId: 'u1', text: 'one' }, 1);
      expect((await notes.get('n1'))?.text).toBe('one');
      const other = new Database(file);
      try {
        other.prepare(`UPDATE other_process_notes SET doc = json_set(doc, '$.text', 'one, edited') WHERE _id = 'n1'`).run();
        await new Promise((resolve) => setImmediate(resolve));
        expect((await notes.get('n1'))?.text).toBe('one, edited');
      } finally {
        other.close();
        await store.close();
      }
    });

    it('should never answer older than a read before it, within a turn', async () => {
      const store = new SqliteDocumentStore(file);
      const notes = store.collection<Note>('ordered_notes');
      await notes.upsert('n1', { userId: 'u1', text: 'one' }, 1);
      await new Promise((resolve) => setImmediate(resolve));
      const other = new Database(file);
      try {
        expect((await notes.get('n1'))?.text).toBe('one'); // kept
        other.prepare(`UPDATE ordered_notes SET doc = json_set(doc, '$.text', 'one, edited') WHERE _id = 'n1'`).run();
        other.prepare(`INSERT INTO ordered_notes (_id, _position, doc) VALUES ('n2', 2, json('{"userId":"u1","text":"two"}'))`).run();
        other.prepare(`INSERT INTO _checkpoints (name, position) VALUES ('ordered', 2) ON CONFLICT(name) DO UPDATE SET position = 2`).run();

        // A read that goes to the file sees the other commit: what was kept before it is older, so it goes.
        expect((await notes.get('n2'))?.text).toBe('two');
        expect((await notes.get('n1'))?.text).toBe('one, edited');
      } finally {
        other.close();
        await store.close();
      }
    });

    it('should answer as fresh as a checkpoint read before it, within a turn', async () => {
      const store = new SqliteDocumentStore(file);
      const notes = store.collection<Note>('checkpointed_notes');
      await notes.upsert('n1', { userId: 'u1', text: 'one' }, 1);
      await new Promise((resolve) => setImmediate(resolve));
      const other = new Database(file);
      try {
        expect((await notes.get('n1'))?.text).toBe('one'); // kept
        other.transaction(() => {
          other.prepare(`UPDATE checkpointed_notes SET doc = json_set(doc, '$.text', 'one, edited'), _position = 7 WHERE _id = 'n1'`).run();
          other.prepare(`INSERT INTO _checkpoints (name, position) VALUES ('checkpointed', 7) ON CONFLICT(name) DO UPDATE SET position = 7`).run();
        })();

        expect(await store.getCheckpoint('checkpointed')).toBe(7);
        expect(await notes.get('n1')).toMatchObject({ text: 'one, edited', _position: 7 });
      } finally {
        other.close();
        await store.close();
      }
    });

    it('should give every caller a copy of its own', async () => {
      const store = new SqliteDocumentStore(file);
      const notes = store.collection<Note>('copied_notes');
      await notes.upsert('n1', { userId: 'u1', text: 'one' }, 1);
      const first = (await notes.get('n1'))!;
      first.text = 'changed by a caller';
      (await notes.find({}))[0].text = 'changed by another';

      expect((await notes.get('n1'))?.text).toBe('one');
      expect((await notes.find({}))[0].text).toBe('one');
      await store.close();
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
