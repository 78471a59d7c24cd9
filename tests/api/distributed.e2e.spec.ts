import { randomBytes } from 'node:crypto';
import { startDistributed } from '../support/distributed';
import { describeApi, SUITE_ENV } from './api-suite';

// Separate processes behind the gateway, sharing one data directory's embedded stores.
describeApi('separate processes on the embedded stores', async () => {
  const product = await startDistributed(SUITE_ENV);
  return { url: product.url, testClock: false, ops: product.ops, stop: () => product.stop() };
});

// The production shape: PostgreSQL events, MongoDB-wire read models, Kafka (npm test starts them).
const { POSTGRES_URL, KAFKA_BROKERS, MONGO_URL } = process.env;
if (POSTGRES_URL && KAFKA_BROKERS && MONGO_URL) {
  const id = randomBytes(4).toString('hex');
  describeApi('separate processes on PostgreSQL + Kafka + MongoDB-wire', async () => {
    const product = await startDistributed({
      EVENT_STORE_URL: `${POSTGRES_URL}?schema=api_${id}`,
      READ_STORE_URL: `${MONGO_URL.replace(/\/?$/, '/')}api_${id}`,
      BUS_URL: `kafka://${KAFKA_BROKERS}?partitions=2&sessionTimeoutMs=10000&heartbeatIntervalMs=1000`,
      BUS_NAMESPACE: `api${id}`,
      ...SUITE_ENV,
    });
    return { url: product.url, testClock: false, ops: product.ops, stop: () => product.stop() };
  });
} else {
  process.stderr.write('API suite on real engines skipped: needs POSTGRES_URL, KAFKA_BROKERS and MONGO_URL (npm test starts them)\n');
}
