/**
 * Engines for the integration and end-to-end suites. URLs already in the environment win
 * (npm test starts PostgreSQL, Kafka, FerretDB and stripe-mock with infra/scripts and exports them).
 * Where a Docker engine is reachable, the missing ones are started with testcontainers instead,
 * including KurrentDB, which cannot be installed from package registries.
 */
import type { StartedTestContainer } from 'testcontainers';

type Started = { stop(): Promise<unknown> };

async function dockerAvailable(): Promise<boolean> {
  if (process.env.TESTCONTAINERS === 'off') return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([getContainerRuntimeClient(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000))]);
    return true;
  } catch {
    return false;
  }
}

export default async function globalSetup(): Promise<void> {
  const missing = ['POSTGRES_URL', 'KAFKA_BROKERS', 'MONGO_URL', 'KURRENTDB_URL'].filter((k) => !process.env[k]);
  if (missing.length === 0 || !(await dockerAvailable())) return;
  const started: Started[] = [];
  const { GenericContainer, Wait } = await import('testcontainers');

  if (!process.env.POSTGRES_URL) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const pg = await new PostgreSqlContainer('postgres:15').withDatabase('studio_test').withUsername('studio').withPassword('studio').start();
    process.env.POSTGRES_URL = pg.getConnectionUri();
    started.push(pg);
  }
  if (!process.env.KAFKA_BROKERS) {
    const { KafkaContainer } = await import('@testcontainers/kafka');
    const kafka = await new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start();
    process.env.KAFKA_BROKERS = `${kafka.getHost()}:${kafka.getMappedPort(9093)}`;
    started.push(kafka);
  }
  if (!process.env.MONGO_URL) {
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const mongo = await new MongoDBContainer('mongo:8').start();
    process.env.MONGO_URL = `${mongo.getConnectionString()}/?directConnection=true`;
    started.push(mongo);
  }
  if (!process.env.KURRENTDB_URL) {
    const kurrent: StartedTestContainer = await new GenericContainer('docker.kurrent.io/kurrent-latest/kurrentdb:25.0')
      .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113))
      .start();
    process.env.KURRENTDB_URL = `kurrentdb://${kurrent.getHost()}:${kurrent.getMappedPort(2113)}?tls=false`;
    started.push(kurrent);
  }
  (globalThis as { __studioContainers?: Started[] }).__studioContainers = started;
}
