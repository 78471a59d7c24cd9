import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { Client } from 'pg';

/** Fresh production secrets for a test's processes (all of them must share one set). */
export function freshSecrets(): Record<'JWT_SECRET' | 'MEDIA_SIGNING_KEY' | 'TOKEN_ENCRYPTION_KEY', string> {
  return { JWT_SECRET: randomBytes(32).toString('hex'), MEDIA_SIGNING_KEY: randomBytes(32).toString('hex'), TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
}

/** Drops a test's PostgreSQL schema and MongoDB database on the shared engines. */
export async function dropScratch(input: { postgresUrl: string; schema: string; mongoUrl: string; database: string }): Promise<void> {
  const mongo = new MongoClient(input.mongoUrl);
  await mongo.connect().then(() => mongo.db(input.database).dropDatabase()).catch(() => undefined);
  await mongo.close();
  const pg = new Client({ connectionString: input.postgresUrl });
  await pg.connect();
  await pg.query(`DROP SCHEMA IF EXISTS ${input.schema} CASCADE`).catch(() => undefined);
  await pg.end();
}
