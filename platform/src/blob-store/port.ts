import type { Readable } from 'node:stream';

/** BlobStore port for media (local disk by default; S3-compatible in production). */
export interface BlobInfo {
  size: number;
  contentType: string;
}

export interface BlobStore {
  readonly kind: string;
  /** Store a local file under `key` (moved or copied). */
  putFile(key: string, filePath: string, contentType: string): Promise<BlobInfo>;
  put(key: string, body: Buffer, contentType: string): Promise<BlobInfo>;
  stat(key: string): Promise<BlobInfo | null>;
  /** Byte range inclusive of `end`, as HTTP Range means it. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** A local path when the store is on disk (lets ffmpeg read without copying); null otherwise. */
  localPath(key: string): string | null;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
}
