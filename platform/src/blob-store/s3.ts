import { createReadStream } from 'node:fs';
import { stat as statFile, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { z } from 'zod';
import { parseEnv } from '../config/parse-env';
import { assertKey, contentTypeFor } from './local-disk';
import type { BlobInfo, BlobStore } from './port';

export interface S3BlobStoreOptions {
  bucket: string;
  /** For S3-compatible servers (MinIO, R2, …); AWS itself when absent. */
  endpoint?: string;
  region?: string;
  /** Both or neither; without them the SDK's default credential chain applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO and local servers). */
  forcePathStyle?: boolean;
  /** Prepended to every key, so deployments can share a bucket. */
  prefix?: string;
}

/** A single PUT holds at most 5 GiB; larger files would need a multipart upload. */
const MAX_SINGLE_PUT = 5 * 1024 ** 3;

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'S3_FORCE_PATH_STYLE must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z
  .object({
    S3_BUCKET: z.string().min(1, 'S3_BUCKET is empty'),
    S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT must be an absolute URL' }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.optional(),
    S3_PREFIX: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({ code: 'custom', path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
  });

/** S3 settings from the environment, or null when `S3_BUCKET` is not set (media stays on local disk). */
export function s3OptionsFromEnv(env: Record<string, string | undefined>): S3BlobStoreOptions | null {
  if (!env.S3_BUCKET) return null;
  // Empty strings count as unset, as they do for the other optional settings.
  const present = Object.fromEntries(Object.entries(env).filter(([name, value]) => name.startsWith('S3_') && value !== ''));
  const parsed = parseEnv(envSchema, present);
  return {
    bucket: parsed.S3_BUCKET,
    endpoint: parsed.S3_ENDPOINT,
    region: parsed.S3_REGION,
    accessKeyId: parsed.S3_ACCESS_KEY_ID,
    secretAccessKey: parsed.S3_SECRET_ACCESS_KEY,
    forcePathStyle: parsed.S3_FORCE_PATH_STYLE,
    prefix: parsed.S3_PREFIX,
  };
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error as { name?: string } | null)?.name;
const isMissing = (error: unknown) => statusOf(error) === 404 || ['NotFound', 'NoSuchKey'].includes(nameOf(error) ?? '');
const isUnsatisfiable = (error: unknown) => statusOf(error) === 416 || nameOf(error) === 'InvalidRange';

function notFound(key: string): Error {
  return Object.assign(new Error(`Blob "${key}" not found`), { code: 'ENOENT' });
}

function unsatisfiable(start: number, end: number, size?: number): RangeError {
  return Object.assign(new RangeError(`Range ${start}-${end} not satisfiable${size === undefined ? '' : ` for ${size} bytes`}`), { code: 'ERR_RANGE' });
}

/**
 * Media in an S3 bucket (AWS, or an S3-compatible server through `endpoint`). Same keys, errors and
 * content types as local disk; there is no local path, so readers stream bytes (with ranges) instead.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  readonly bucket: string;
  private readonly prefix: string;
  private readonly client: S3Client;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    const prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
    if (prefix) assertKey(prefix);
    this.prefix = prefix ? `${prefix}/` : '';
    this.client = new S3Client({
      region: options.region ?? 'us-east-1',
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: streamed bodies otherwise go out aws-chunked with a
      // trailing checksum, which several S3-compatible servers store verbatim or reject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** The bucket and prefix, never the credentials. */
  toString(): string {
    return `s3://${this.bucket}/${this.prefix}`;
  }

  toJSON(): { kind: string; bucket: string; prefix: string } {
    return { kind: this.kind, bucket: this.bucket, prefix: this.prefix };
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }

  localPath(key: string): null {
    assertKey(key);
    return null;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<BlobInfo> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: body, ContentLength: body.length, ContentType: contentType }));
    return { size: body.length, contentType };
  }

  /** Uploads the file, then removes it: like local disk, the store takes the file. */
  async putFile(key: string, filePath: string, contentType: string): Promise<BlobInfo> {
    const objectKey = this.objectKey(key);
    const { size } = await statFile(filePath);
    if (size > MAX_SINGLE_PUT) throw new Error(`File for blob "${key}" is ${size} bytes; a single upload holds at most 5 GiB`);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: objectKey, Body: createReadStream(filePath), ContentLength: size, ContentType: contentType }));
    await unlink(filePath);
    return { size, contentType };
  }

  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType || contentTypeFor(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const objectKey = this.objectKey(key);
    if (range) {
      const { start, end } = range;
      if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) throw unsatisfiable(start, end);
    }
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: objectKey, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      // In Node the body is an IncomingMessage: a Readable (S3 clamps an end past the last byte).
      return object.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw notFound(key);
      if (range && isUnsatisfiable(error)) throw unsatisfiable(range.start, range.end);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 whether or not the object existed.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** Removes every blob whose key starts with `prefix` (`videos/v1/` removes that folder), a page at a time. */
  async deletePrefix(prefix: string): Promise<void> {
    assertKey(prefix, { prefix: true });
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: continuationToken, MaxKeys: 1000 }),
      );
      const objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (objects.length > 0) {
        const result = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects, Quiet: true } }));
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(`Could not delete ${failed.length} blob(s) under "${prefix}": ${failed.slice(0, 3).map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
        }
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** Closes the HTTP connections the client keeps open. */
  close(): void {
    this.client.destroy();
  }
}
