import { LocalDiskBlobStore } from './local-disk';
import type { BlobStore } from './port';
import { S3BlobStore, s3OptionsFromEnv } from './s3';

export * from './port';
export { LocalDiskBlobStore, assertKey, contentTypeFor } from './local-disk';
export { S3BlobStore, s3OptionsFromEnv, type S3BlobStoreOptions } from './s3';

/**
 * Opens the media store. With `S3_BUCKET` in `env` → an S3 bucket (S3_ENDPOINT, S3_REGION,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_PREFIX); otherwise local disk at
 * the URL: `file:/abs/dir` or a plain directory path.
 */
export function openBlobStore(url: string, env: Record<string, string | undefined> = {}): BlobStore {
  const s3 = s3OptionsFromEnv(env);
  if (s3) return new S3BlobStore(s3);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('file://')) throw new Error(`Unsupported blob store URL "${url}"`);
  const path = url.startsWith('file://') ? url.slice('file://'.length) : url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (!path) throw new Error('Blob store URL is empty');
  return new LocalDiskBlobStore(path);
}
