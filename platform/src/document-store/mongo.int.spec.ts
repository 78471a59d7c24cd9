import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
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

  describe('When opened by URL', () => {
    it('should open MongoDB for mongodb:// URLs', async () => {
      const store = await openDocumentStore(url!, { dbName });
      expect(store.kind).toBe('mongo');
      await store.close();
    });
  });
});
