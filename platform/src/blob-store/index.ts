import { LocalDiskBlobStore } from './local-disk';
import type { BlobStore } from './port';

export * from './port';
export { LocalDiskBlobStore, assertKey, contentTypeFor } from './local-disk';

/**
 * Opens the media store a URL names: `file:/abs/dir` or a plain directory path → local disk.
 * (S3-compatible storage is another adapter of the same port, passing the same contract.)
 */
export function openBlobStore(url: string): BlobStore {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('file://')) throw new Error(`Unsupported blob store URL "${url}"`);
  const path = url.startsWith('file://') ? url.slice('file://'.length) : url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (!path) throw new Error('Blob store URL is empty');
  return new LocalDiskBlobStore(path);
}
