import { LocalDiskBlobStore } from './local-disk';
import type { BlobStore } from './port';
import { S3BlobStore, type S3BlobStoreOptions } from './s3';

export * from './port';
export { LocalDiskBlobStore, assertKey, contentTypeFor } from './local-disk';
export { S3BlobStore, s3OptionsFromEnv, type S3BlobStoreOptions } from './s3';

/**
 * Opens the media store: an S3 bucket when S3 options are given (configured by S3_BUCKET and
 * friends, see infraEnv); otherwise local disk at the URL: `file:/abs/dir` or a plain directory path.
 */
export function openBlobStore(url: string, s3: S3BlobStoreOptions | null = null): BlobStore {
  if (s3) return new S3BlobStore(s3);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('file://')) throw new Error(`Unsupported blob store URL "${url}"`);
  const path = url.startsWith('file://') ? url.slice('file://'.length) : url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (!path) throw new Error('Blob store URL is empty');
  return new LocalDiskBlobStore(path);
}
