import { randomUUID } from 'node:crypto';
import type { Collection, DocumentStore, Stored } from './port';

/**
 * The one contract every DocumentStore adapter passes. `factory` opens a store on the adapter's
 * backing storage; calling it twice must give two independent handles on the SAME data (a second
 * process, a second connection), which the suite uses for cross-handle checks.
 */
export type DocumentStoreFactory = () => Promise<DocumentStore>;

export interface DocumentStoreContractOptions {
  /**
   * Whether `apply` stays correct when two handles (processes) race on one document. True for
   * SQLite and real MongoDB; false for FerretDB v1, whose conditional writes are not atomic.
   */
  atomicAcrossHandles?: () => Promise<boolean>;
}

type Video = {
  _id: string;
  userId: string;
  title: string;
  status?: string | null;
  views: number;
  published: boolean;
  tags?: string[];
  applied?: number[];
};

const aVideo = (overrides: Partial<Omit<Video, '_id'>> = {}): Omit<Video, '_id'> => ({
  userId: 'user-1',
  title: 'A video',
  status: 'ready',
  views: 0,
  published: false,
  ...overrides,
});

const freshName = (prefix: string) => `${prefix}-${randomUUID().replace(/-/g, '').slice(0, 16)}`;
const ids = (docs: Array<{ _id: string }>) => docs.map((doc) => doc._id);

export function documentStoreContract(name: string, factory: DocumentStoreFactory, options: DocumentStoreContractOptions = {}): void {

  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;
    let videos: Collection<Video>;
    let collectionName: string;
    const extraStores: DocumentStore[] = [];

    const openAnother = async () => {
      const another = await factory();
      extraStores.push(another);
      return another;
    };

    beforeAll(async () => {
      store = await factory();
    });

    afterAll(async () => {
      for (const extra of extraStores) await extra.close();
      await store?.close();
    });

    beforeEach(() => {
      collectionName = freshName('videos');
      videos = store.collection<Video>(collectionName, { indexes: [['userId'], ['userId', 'status'], ['views']] });
    });

    describe('When the collection is empty', () => {
      it('should find nothing', async () => {
        expect(await videos.get('missing')).toBeNull();
        expect(await videos.find()).toEqual([]);
        expect(await videos.count()).toBe(0);
      });
    });

    describe('When documents are stored', () => {
      beforeEach(async () => {
        await videos.upsert('v1', aVideo({ userId: 'u1', title: 'Alpha', status: 'ready', views: 30, published: true, tags: ['a'] }), 1);
        await videos.upsert('v2', aVideo({ userId: 'u1', title: 'Bravo', status: 'processing', views: 10 }), 2);
        await videos.upsert('v3', aVideo({ userId: 'u2', title: 'Charlie', status: null, views: 20 }), 3);
        await videos.upsert('v4', aVideo({ userId: 'u1', title: 'Delta', status: undefined, views: 40, published: true }), 4);
        await videos.upsert('v5', aVideo({ userId: 'u2', title: 'Echo', status: 'ready', views: 50 }), 5);
      });

      it('should get one by id with its _id and _position', async () => {
        const doc = await videos.get('v1');
        expect(doc).toEqual({ _id: 'v1', _position: 1, userId: 'u1', title: 'Alpha', status: 'ready', views: 30, published: true, tags: ['a'] });
      });

      it('should not store undefined fields', async () => {
        const doc = await videos.get('v4');
        expect(doc).not.toHaveProperty('status');
      });

      it('should find by one equality filter', async () => {
        expect(ids(await videos.find({ userId: 'u1' }))).toEqual(['v1', 'v2', 'v4']);
      });

      it('should find by several equality filters', async () => {
        expect(ids(await videos.find({ userId: 'u2', status: 'ready' }))).toEqual(['v5']);
        expect(ids(await videos.find({ userId: 'u2', status: 'processing' }))).toEqual([]);
      });

      it('should find by number, boolean and _id', async () => {
        expect(ids(await videos.find({ views: 20 }))).toEqual(['v3']);
        expect(ids(await videos.find({ published: true }))).toEqual(['v1', 'v4']);
        expect(ids(await videos.find({ published: false }))).toEqual(['v2', 'v3', 'v5']);
        expect(ids(await videos.find({ _id: 'v2' }))).toEqual(['v2']);
      });

      it('should match null filter values against null and missing fields', async () => {
        expect(ids(await videos.find({ status: null }))).toEqual(['v3', 'v4']);
        expect(await videos.count({ status: null })).toBe(2);
      });

      it('should ignore undefined filter values', async () => {
        expect(await videos.count({ userId: undefined })).toBe(5);
      });

      it('should count with and without a filter', async () => {
        expect(await videos.count()).toBe(5);
        expect(await videos.count({ userId: 'u1' })).toBe(3);
        expect(await videos.count({ userId: 'nobody' })).toBe(0);
      });

      it('should sort ascending and descending', async () => {
        expect(ids(await videos.find({}, { sort: { views: 1 } }))).toEqual(['v2', 'v3', 'v1', 'v4', 'v5']);
        expect(ids(await videos.find({}, { sort: { views: -1 } }))).toEqual(['v5', 'v4', 'v1', 'v3', 'v2']);
        expect(ids(await videos.find({ userId: 'u1' }, { sort: { title: -1 } }))).toEqual(['v4', 'v2', 'v1']);
      });

      it('should sort by several keys and break ties by _id', async () => {
        const sorted = await videos.find({}, { sort: { userId: 1, views: -1 } });
        expect(ids(sorted)).toEqual(['v4', 'v1', 'v2', 'v5', 'v3']);
        expect(ids(await videos.find({}, { sort: { published: -1 } }))).toEqual(['v1', 'v4', 'v2', 'v3', 'v5']);
      });

      it('should page with limit and skip', async () => {
        const sort = { views: 1 } as const;
        expect(ids(await videos.find({}, { sort, limit: 2 }))).toEqual(['v2', 'v3']);
        expect(ids(await videos.find({}, { sort, limit: 2, skip: 2 }))).toEqual(['v1', 'v4']);
        expect(ids(await videos.find({}, { sort, skip: 4 }))).toEqual(['v5']);
        expect(ids(await videos.find({}, { sort, skip: 10 }))).toEqual([]);
        expect(ids(await videos.find({ userId: 'u1' }, { sort, limit: 1, skip: 1 }))).toEqual(['v1']);
      });

      it('should be visible through a second handle on the same storage', async () => {
        const other = await openAnother();
        const sameCollection = other.collection<Video>(collectionName);
        expect(await sameCollection.count()).toBe(5);
      });
    });

    describe('When a projection applies changes', () => {
      const increment = (current: Stored<Video> | null): Video =>
        current ? { ...current, views: current.views + 1 } : { _id: 'v1', ...aVideo({ views: 1 }) };

      it('should create the document with the position', async () => {
        expect(await videos.apply('v1', 7, increment)).toBe(true);
        expect(await videos.get('v1')).toMatchObject({ _id: 'v1', _position: 7, views: 1 });
      });

      it('should apply the same position only once', async () => {
        expect(await videos.apply('v1', 1, increment)).toBe(true);
        expect(await videos.apply('v1', 2, increment)).toBe(true);
        expect(await videos.apply('v1', 2, increment)).toBe(false);
        expect(await videos.get('v1')).toMatchObject({ _position: 2, views: 2 });
      });

      it('should ignore a lower position and not call the change', async () => {
        await videos.apply('v1', 10, increment);
        const change = jest.fn(increment);
        expect(await videos.apply('v1', 9, change)).toBe(false);
        expect(change).not.toHaveBeenCalled();
        expect(await videos.get('v1')).toMatchObject({ _position: 10, views: 1 });
      });

      it('should delete the document when the change returns null', async () => {
        await videos.apply('v1', 1, increment);
        expect(await videos.apply('v1', 2, () => null)).toBe(true);
        expect(await videos.get('v1')).toBeNull();
        expect(await videos.count()).toBe(0);
      });

      it('should not delete when a later position was already applied', async () => {
        await videos.apply('v1', 5, increment);
        expect(await videos.apply('v1', 4, () => null)).toBe(false);
        expect(await videos.get('v1')).toMatchObject({ _position: 5 });
      });

      it('should write nothing when the change returns null for a missing document', async () => {
        expect(await videos.apply('v1', 1, () => null)).toBe(false);
        expect(await videos.get('v1')).toBeNull();
      });

      it('should leave the document when the change returns it unchanged', async () => {
        await videos.apply('v1', 1, increment);
        expect(await videos.apply('v1', 2, (current) => current)).toBe(false);
        expect(await videos.get('v1')).toMatchObject({ _position: 1, views: 1 });
      });

      it('should write a document the change modified in place', async () => {
        await videos.apply('v1', 1, increment);
        const changed = await videos.apply('v1', 2, (current) => {
          current!.title = 'Renamed';
          return current;
        });
        expect(changed).toBe(true);
        expect(await videos.get('v1')).toMatchObject({ _position: 2, title: 'Renamed' });
      });

      it('should write nothing when the change throws', async () => {
        await videos.apply('v1', 1, increment);
        await expect(videos.apply('v1', 2, () => { throw new Error('boom'); })).rejects.toThrow('boom');
        expect(await videos.get('v1')).toMatchObject({ _position: 1, views: 1 });
      });

      it('should replace the document, dropping fields the change left out', async () => {
        await videos.apply('v1', 1, () => ({ _id: 'v1', ...aVideo({ tags: ['x'] }) }));
        await videos.apply('v1', 2, (current) => {
          const { tags: _tags, ...rest } = current!;
          return rest;
        });
        expect(await videos.get('v1')).not.toHaveProperty('tags');
      });

      it('should end at the highest position when many callers apply concurrently', async () => {
        const positions = Array.from({ length: 40 }, (_, index) => index + 1);
        const shuffled = [...positions].sort(() => Math.random() - 0.5);
        const results = await Promise.all(
          shuffled.map(async (position) => ({
            position,
            written: await videos.apply('v1', position, (current) => ({
              ...(current ?? { _id: 'v1', ...aVideo() }),
              applied: [...(current?.applied ?? []), position],
            })),
          })),
        );
        const doc = await videos.get('v1');
        expect(doc?._position).toBe(40);
        const written = results.filter((result) => result.written).map((result) => result.position).sort((a, b) => a - b);
        // Every write that reported success is in the document (no lost update), in increasing order.
        expect(doc?.applied).toEqual(written);
        expect(written).toContain(40);
      });

      it('should end at the highest position when two handles apply concurrently (where the engine is atomic)', async () => {
        // Known not to hold on FerretDB v1; checked at run time because the engine is only known then.
        if (options.atomicAcrossHandles && !(await options.atomicAcrossHandles())) return;
        const other = (await openAnother()).collection<Video>(collectionName);
        const appliers = [videos, other];
        await Promise.all(
          Array.from({ length: 30 }, (_, index) => index + 1).map((position) =>
            appliers[position % 2].apply('v1', position, (current) => ({
              ...(current ?? { _id: 'v1', ...aVideo() }),
              views: (current?.views ?? 0) + 1,
            })),
          ),
        );
        expect(await videos.get('v1')).toMatchObject({ _position: 30 });
        expect(await other.get('v1')).toMatchObject({ _position: 30 });
      });
    });

    describe('When a projection applies a batch', () => {
      it('should show every write of the batch through another handle once it ends', async () => {
        const other = (await openAnother()).collection<Video>(collectionName);
        const written = await store.batch(async () => {
          for (let position = 1; position <= 20; position++) await videos.apply(`b${position}`, position, () => ({ _id: `b${position}`, ...aVideo({ views: position }) }));
          return 'done';
        });
        expect(written).toBe('done');
        expect(await other.count({ userId: 'user-1' })).toBe(20);
        expect(await other.get('b20')).toMatchObject({ _position: 20, views: 20 });
      });

      it('should keep the writes before a failing apply and let the batch go on', async () => {
        await store.batch(async () => {
          await videos.apply('kept', 1, () => ({ _id: 'kept', ...aVideo() }));
          await expect(videos.apply('broken', 2, () => {
            throw new Error('a projection bug');
          })).rejects.toThrow('a projection bug');
          await videos.apply('after', 3, () => ({ _id: 'after', ...aVideo() }));
        });
        expect(ids(await (await openAnother()).collection<Video>(collectionName).find({}, { sort: { _id: 1 } }))).toEqual(['after', 'kept']);
      });

      it('should not keep another handle from writing while the batch waits on something else', async () => {
        const other = (await openAnother()).collection<Video>(collectionName);
        await store.batch(async () => {
          await videos.apply('first', 1, () => ({ _id: 'first', ...aVideo() }));
          // The batch waits past this turn of the event loop (a timer): what it wrote is committed, no lock held.
          await new Promise((resolve) => setTimeout(resolve, 20));
          await other.upsert('from-another-handle', aVideo(), 2);
          await videos.apply('second', 3, () => ({ _id: 'second', ...aVideo() }));
        });
        expect(ids(await other.find({}, { sort: { _id: 1 } }))).toEqual(['first', 'from-another-handle', 'second']);
      }, 15_000);
    });

    describe('When patching', () => {
      it('should merge the given fields and keep the others', async () => {
        await videos.upsert('v1', aVideo({ title: 'Old', views: 3, tags: ['a'] }), 4);
        expect(await videos.patch('v1', { title: 'New', status: null })).toBe(true);
        expect(await videos.get('v1')).toEqual({ _id: 'v1', _position: 4, ...aVideo({ title: 'New', views: 3, tags: ['a'], status: null }) });
      });

      it('should set the position when given', async () => {
        await videos.upsert('v1', aVideo(), 4);
        await videos.patch('v1', { views: 9 }, 8);
        expect(await videos.get('v1')).toMatchObject({ _position: 8, views: 9 });
        expect(await videos.apply('v1', 8, () => null)).toBe(false);
      });

      it('should return false for a missing document and create nothing', async () => {
        expect(await videos.patch('nope', { title: 'x' })).toBe(false);
        expect(await videos.get('nope')).toBeNull();
      });
    });

    describe('When upserting', () => {
      it('should insert with position 0 by default', async () => {
        await videos.upsert('v1', aVideo());
        expect(await videos.get('v1')).toMatchObject({ _id: 'v1', _position: 0 });
        expect(await videos.apply('v1', 1, (current) => ({ ...current!, views: 5 }))).toBe(true);
      });

      it('should replace the whole document', async () => {
        await videos.upsert('v1', aVideo({ tags: ['a'], title: 'One' }), 3);
        await videos.upsert('v1', aVideo({ title: 'Two' }), 2);
        const doc = await videos.get('v1');
        expect(doc).toEqual({ _id: 'v1', _position: 2, ...aVideo({ title: 'Two' }) });
      });

      it('should keep one document when upserting the same new id concurrently', async () => {
        await Promise.all(Array.from({ length: 10 }, (_, index) => videos.upsert('v1', aVideo({ views: index }), index)));
        expect(await videos.count()).toBe(1);
      });
    });

    describe('When deleting', () => {
      it('should delete one document and say whether it existed', async () => {
        await videos.upsert('v1', aVideo());
        await videos.upsert('v2', aVideo());
        expect(await videos.delete('v1')).toBe(true);
        expect(await videos.delete('v1')).toBe(false);
        expect(ids(await videos.find())).toEqual(['v2']);
      });

      it('should clear every document of the collection only', async () => {
        const others = store.collection<Video>(freshName('others'));
        await others.upsert('o1', aVideo());
        await Promise.all(['v1', 'v2', 'v3'].map((id, index) => videos.upsert(id, aVideo(), index)));
        await videos.clear();
        expect(await videos.count()).toBe(0);
        expect(await videos.apply('v1', 1, () => ({ _id: 'v1', ...aVideo() }))).toBe(true);
        expect(await others.count()).toBe(1);
      });
    });

    describe('When many documents are written at once', () => {
      it('should upsert and delete them in order, with their positions', async () => {
        await videos.upsert('gone', aVideo({ userId: 'u1' }), 1);
        await videos.writeMany([
          { id: 'a', doc: aVideo({ userId: 'u1', title: 'A' }), position: 3 },
          { id: 'b', doc: aVideo({ userId: 'u2', title: 'B' }), position: 4 },
          { id: 'gone', doc: null, position: 5 },
          { id: 'a', doc: aVideo({ userId: 'u1', title: 'A2' }), position: 6 },
        ]);
        expect(ids(await videos.find({}, { sort: { _id: 1 } }))).toEqual(['a', 'b']);
        expect(await videos.get('a')).toMatchObject({ title: 'A2', _position: 6 });
        expect(await videos.count({ userId: 'u2' })).toBe(1);
        await videos.writeMany([]);
      });
    });

    describe('When a rebuilt collection replaces the live one', () => {
      it('should serve the rebuilt documents under the live name, keep working through the same handle, and drop the replacement', async () => {
        await videos.upsert('old', aVideo({ userId: 'u1', title: 'Old' }), 1);
        const sideName = `${collectionName}_rebuild`;
        const side = store.collection<Video>(sideName);
        await side.upsert('new-1', aVideo({ userId: 'u1', title: 'New 1' }), 5);
        await side.upsert('new-2', aVideo({ userId: 'u2', title: 'New 2' }), 6);

        await store.replaceCollection(collectionName, sideName);

        expect(ids(await videos.find({}, { sort: { _id: 1 } }))).toEqual(['new-1', 'new-2']);
        expect(ids(await store.collection<Video>(collectionName).find({ userId: 'u1' }))).toEqual(['new-1']);
        expect(await videos.get('new-2')).toMatchObject({ title: 'New 2', _position: 6 });
        await videos.upsert('after', aVideo({ userId: 'u1' }), 7);
        expect(await videos.count({ userId: 'u1' })).toBe(2);
        expect(await store.collection<Video>(sideName).count()).toBe(0);
      });

      it('should replace with nothing when the rebuild produced no documents', async () => {
        await videos.upsert('old', aVideo({ userId: 'u1' }), 1);
        const sideName = `${collectionName}_empty`;
        store.collection<Video>(sideName);
        await store.replaceCollection(collectionName, sideName);
        expect(await videos.count()).toBe(0);
      });
    });

    describe('When checkpoints are kept', () => {
      it('should start at 0', async () => {
        expect(await store.getCheckpoint(freshName('projector'))).toBe(0);
      });

      it('should return the last position set, per name', async () => {
        const first = freshName('projector');
        const second = freshName('projector');
        await store.setCheckpoint(first, 10);
        await store.setCheckpoint(first, 12);
        await store.setCheckpoint(second, 3);
        expect(await store.getCheckpoint(first)).toBe(12);
        expect(await store.getCheckpoint(second)).toBe(3);
      });

      it('should be visible through another handle', async () => {
        const checkpoint = freshName('projector');
        await store.setCheckpoint(checkpoint, 42);
        expect(await (await openAnother()).getCheckpoint(checkpoint)).toBe(42);
      });
    });

    describe('When given invalid names', () => {
      it('should reject collection names that are not plain identifiers', () => {
        expect(() => store.collection('_checkpoints')).toThrow();
        expect(() => store.collection('a"; DROP TABLE x; --')).toThrow();
      });

      it('should reject field paths that are not plain identifiers', async () => {
        await expect(videos.find({ ["title') OR 1=1 --" as 'title']: 'x' })).rejects.toThrow();
      });
    });
  });
}
