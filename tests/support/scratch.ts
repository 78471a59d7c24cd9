import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { Client } from 'pg';

/** Fresh production secrets for a test's processes (all of them must share one set). */
export function freshSecrets(): Record<'JWT_SECRET' | 'MEDIA_SIGNING_KEY' | 'TOKEN_ENCRYPTION_KEY', string> {
  return { JWT_SECRET: randomBytes(32).toString('hex'), MEDIA_SIGNING_KEY: randomBytes(32).toString('hex'), TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
}

/**
 * The production shape on the shared engines (PostgreSQL events, MongoDB-wire read models, Kafka),
 * in a throw-away schema, database, bus namespace and media directory named after `prefix`: the
 * environment every process of a test shares, and the clean-up that removes all of it.
 */
export function onRealEngines(prefix: string, engines: { postgresUrl: string; mongoUrl: string; kafkaBrokers: string }) {
  const id = randomBytes(4).toString('hex');
  const schema = `${prefix}_${id}`;
  const database = `${prefix}_${id}`;
  const media = mkdtempSync(join(tmpdir(), `${prefix}-media-`));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    EVENT_STORE_URL: `${engines.postgresUrl}?schema=${schema}`,
    READ_STORE_URL: `${engines.mongoUrl.replace(/\/?$/, '/')}${database}`,
    BUS_URL: `kafka://${engines.kafkaBrokers}?partitions=4&sessionTimeoutMs=10000&heartbeatIntervalMs=1000`,
    BUS_NAMESPACE: `${prefix}${id}`,
    MEDIA_DIR: media,
    ...freshSecrets(),
    BCRYPT_COST: '4',
    RENDER_PRESET: 'ultrafast',
    PROJECTOR_LEASE_MS: '3000',
    LOG_LEVEL: 'info',
  };
  return {
    id,
    env,
    async cleanup() {
      rmSync(media, { recursive: true, force: true });
      await dropScratch({ postgresUrl: engines.postgresUrl, schema, mongoUrl: engines.mongoUrl, database });
    },
  };
}

/** Drops a test's PostgreSQL schema and MongoDB database on the shared engines. */
async function dropScratch(input: { postgresUrl: string; schema: string; mongoUrl: string; database: string }): Promise<void> {
  const mongo = new MongoClient(input.mongoUrl);
  await mongo.connect().then(() => mongo.db(input.database).dropDatabase()).catch(() => undefined);
  await mongo.close();
  const pg = new Client({ connectionString: input.postgresUrl });
  await pg.connect();
  await pg.query(`DROP SCHEMA IF EXISTS ${input.schema} CASCADE`).catch(() => undefined);
  await pg.end();
}
