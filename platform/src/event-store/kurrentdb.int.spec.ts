import { eventStoreContract } from './event-store.contract';
import { openKurrentDbEventStore } from './kurrentdb';

const url = process.env.KURRENTDB_URL;

if (!url) {
  describe.skip('EventStore contract: kurrentdb (KURRENTDB_URL not set; no server can be installed on these machines)', () => {
    it('should run when KURRENTDB_URL is set', () => undefined);
  });
} else {
  eventStoreContract('kurrentdb', async () => openKurrentDbEventStore({ connectionString: url }));
}
