import { randomUUID } from 'node:crypto';
import { Collection, MongoClient } from 'mongodb';
import { documentStoreContract } from './document-store.contract';
import { openDocumentStore } from './index';

/** Runs against MongoDB or FerretDB when MONGO_URL is set (infra/scripts/ferretdb.sh prints one). */
const url = process.env.MONGO_URL;
const dbName = `contract_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const describeIfMongo = url ? describe : describe.skip;

/** FerretDB answers buildInfo with a `ferretdbVersion` field. */
async function isFerretDb(): Promise<boolean> {
  const client = await new MongoClient(url!).connect();
  try {
    const info = await client.db('admin').command({ buildInfo: 1 });
    return 'ferretdbVersion' in info;
  } finally {
    await client.close();
  }
}

describeIfMongo('MongoDocumentStore', () => {
  afterAll(async () => {
    const client = await new MongoClient(url!).connect();
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  // FerretDB v1 runs conditional writes as query-then-write: two handles racing on one document are
  // not safe there (see MongoDocumentStore.apply), so that one check runs on real MongoDB only.
  documentStoreContract('mongo', () => openDocumentStore(url!, { dbName }), {
    atomicAcrossHandles: async () => !(await isFerretDb()),
  });

  describe('When a collection is asked for with its indexes on every request', () => {
    it('should ask the server for each index the first time only, and for an index a later caller adds', async () => {
      // Given a store, and the driver's index requests counted
      const store = await openDocumentStore(url!, { dbName });
      const createIndex = jest.spyOn(Collection.prototype, 'createIndex');
      try {
        // When a collection is asked for with an index before each of five writes and reads
        const users = () => store.collection<{ _id: string; userId: string }>('asked_often', { indexes: [['userId']] });
        for (let i = 0; i < 5; i++) {
          await users().upsert(`doc-${i}`, { userId: 'u1' });
          await users().find({ userId: 'u1' });
        }
        // Then the index was asked for once, and every document is found by it
        expect(createIndex).toHaveBeenCalledTimes(1);
        expect(await users().count({ userId: 'u1' })).toBe(5);

        // When a later caller asks for one more index
        await store.collection('asked_often', { indexes: [['userId'], ['createdAt']] }).find({});
        // Then only that one is asked for, and the server has both
        expect(createIndex).toHaveBeenCalledTimes(2);
        const client = await new MongoClient(url!).connect();
        try {
          const keys = (await client.db(dbName).collection('asked_often').listIndexes().toArray()).map((index) => Object.keys(index.key).join());
          expect(keys).toEqual(expect.arrayContaining(['userId', 'createdAt']));
        } finally {
          await client.close();
        }
      } finally {
        createIndex.mockRestore();
        await store.close();
      }
    });
  });

  describe('When opened by URL', () => {
    it('should open MongoDB for mongodb:// URLs', async () => {
      const store = await openDocumentStore(url!, { dbName });
      expect(store.kind).toBe('mongo');
      await store.close();
    });
  });
});
