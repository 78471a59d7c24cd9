import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { blobStoreContract } from './blob-store.contract';
import { readEnv } from '../config/env';
import { infraEnv } from '../config/infra-config';
import { openBlobStore } from './index';
import { S3BlobStore, s3OptionsFromEnv, type S3BlobStoreOptions } from './s3';

/**
 * The shared contract against a real S3 REST server: S3_TEST_ENDPOINT (npm test starts moto's S3
 * server with infra/scripts/s3.sh; any S3-compatible server such as MinIO works), or, when it is not
 * set, the same script run from here.
 */
function s3Endpoint(): string | null {
  if (process.env.S3_TEST_ENDPOINT) return process.env.S3_TEST_ENDPOINT;
  try {
    const script = join(__dirname, '../../../infra/scripts/s3.sh');
    const output = execFileSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 300_000 });
    return /^S3_TEST_ENDPOINT=(.+)$/m.exec(output)?.[1] ?? null;
  } catch (error) {
    console.warn(`S3 contract skipped: no S3_TEST_ENDPOINT and infra/scripts/s3.sh could not start a server: ${(error as Error).message}`);
    return null;
  }
}

const endpoint = s3Endpoint();
const bucket = process.env.S3_TEST_BUCKET ?? 'studio-test';
const credentials = { accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID ?? 'test', secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY ?? 'test' };
const options: S3BlobStoreOptions = { bucket, endpoint: endpoint ?? undefined, region: process.env.S3_TEST_REGION ?? 'us-east-1', ...credentials, forcePathStyle: true };
const opened: S3BlobStore[] = [];

function open(extra: Partial<S3BlobStoreOptions> = {}): S3BlobStore {
  const store = new S3BlobStore({ ...options, ...extra });
  opened.push(store);
  return store;
}

function rawClient(): S3Client {
  return new S3Client({ region: options.region, endpoint: options.endpoint, forcePathStyle: true, credentials });
}

(endpoint ? describe : describe.skip)(`S3BlobStore on ${endpoint ?? 'no S3 server'}`, () => {
  beforeAll(async () => {
    const client = rawClient();
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    } catch (error) {
      if (!['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes((error as Error).name)) throw error;
    } finally {
      client.destroy();
    }
  });

  afterAll(() => {
    for (const store of opened) store.close();
  });

  blobStoreContract('s3', async () => open());
  blobStoreContract('s3 with a key prefix', async () => open({ prefix: `tenant-${randomUUID()}/` }));

  describe('When a local file is stored', () => {
    it('should remove the file after the upload, as local disk moves it', async () => {
      const scratch = mkdtempSync(join(tmpdir(), 's3-put-'));
      const source = join(scratch, 'final.mp4');
      writeFileSync(source, Buffer.alloc(300_000, 1));
      try {
        const store = open();
        const key = `videos/${randomUUID()}/final.mp4`;
        expect(await store.putFile(key, source, 'video/mp4')).toEqual({ size: 300_000, contentType: 'video/mp4' });
        expect(existsSync(source)).toBe(false);
        expect(await store.stat(key)).toEqual({ size: 300_000, contentType: 'video/mp4' });
        expect(store.localPath(key)).toBeNull();
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  });

  describe('When a key prefix is configured', () => {
    it('should keep every blob under it and delete only within it', async () => {
      const tenant = `tenant-${randomUUID()}`;
      const store = open({ prefix: tenant });
      const neighbour = open();
      const id = randomUUID();
      await store.put(`videos/${id}/a.txt`, Buffer.from('a'), 'text/plain');
      await neighbour.put(`videos/${id}/a.txt`, Buffer.from('b'), 'text/plain');
      const client = rawClient();
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${tenant}/` }));
        expect(listed.Contents?.map((object) => object.Key)).toEqual([`${tenant}/videos/${id}/a.txt`]);
      } finally {
        client.destroy();
      }
      await store.deletePrefix(`videos/${id}/`);
      expect(await store.stat(`videos/${id}/a.txt`)).toBeNull();
      expect(await neighbour.stat(`videos/${id}/a.txt`)).toEqual({ size: 1, contentType: 'text/plain' });
    });
  });

  describe('When many blobs share a prefix', () => {
    it('should delete them across list pages', async () => {
      const store = open();
      const prefix = `videos/${randomUUID()}`;
      // S3 lists at most 1000 keys a page.
      for (let batch = 0; batch < 1005; batch += 50) {
        const size = Math.min(50, 1005 - batch); // the client's 50 sockets
        await Promise.all(Array.from({ length: size }, (_, i) => store.put(`${prefix}/frames/${batch + i}.png`, Buffer.from('p'), 'image/png')));
      }
      await store.deletePrefix(`${prefix}/`);
      expect(await store.stat(`${prefix}/frames/0.png`)).toBeNull();
      expect(await store.stat(`${prefix}/frames/1004.png`)).toBeNull();
    }, 60_000);
  });

  describe('When opened from the environment', () => {
    it('should use S3 when S3_BUCKET is set, with its settings', async () => {
      const { infra } = readEnv({ infra: infraEnv }, {
        S3_BUCKET: bucket,
        S3_ENDPOINT: options.endpoint,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'from-env',
      });
      const store = openBlobStore('/unused', infra.s3) as S3BlobStore;
      opened.push(store);
      expect(store.kind).toBe('s3');
      const key = `videos/${randomUUID()}/script.json`;
      await store.put(key, Buffer.from('{}'), 'application/json');
      expect(await store.stat(key)).toEqual({ size: 2, contentType: 'application/json' });
    });

    it('should use local disk when S3_BUCKET is not set', () => {
      expect(openBlobStore(tmpdir(), readEnv({ infra: infraEnv }, { S3_BUCKET: '', S3_ENDPOINT: 'http://127.0.0.1:1' }).infra.s3).kind).toBe('local-disk');
      expect(openBlobStore(tmpdir()).kind).toBe('local-disk');
    });

    it('should list every problem with the S3 settings', () => {
      expect(() => s3OptionsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_ENDPOINT[\s\S]*S3_FORCE_PATH_STYLE/);
      expect(() => s3OptionsFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
      expect(s3OptionsFromEnv({ S3_BUCKET: 'b' })).toMatchObject({ bucket: 'b', region: 'us-east-1' });
    });

    it('should never show the credentials when printed', () => {
      const secret = 'super-secret-access-key';
      const store = open({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: secret });
      expect(`${store} ${JSON.stringify(store)}`).not.toMatch(/super-secret|AKIDEXAMPLE/);
    });
  });
});
