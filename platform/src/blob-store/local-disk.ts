import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { BlobInfo, BlobStore } from './port';

/**
 * A content type the key's extension does not already say is kept in a sidecar,
 * `.meta/<key>.json`, in a shadow tree beside the blobs (so listing a folder shows only blobs).
 */
const META_DIR = '.meta';

const TYPES_BY_EXTENSION: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.ass': 'text/x-ssa',
  '.srt': 'application/x-subrip',
  '.vtt': 'text/vtt',
};

export function contentTypeFor(key: string): string {
  return TYPES_BY_EXTENSION[extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Keys are relative paths with `/` separators: no empty, `.` or `..` segments, no absolute paths,
 * no backslashes or NUL, and not inside the store's own `.meta/` folder.
 */
export function assertKey(key: string, { prefix = false } = {}): void {
  const problem =
    typeof key !== 'string' || key.length === 0 ? 'empty'
    : key.length > 1024 ? 'too long'
    : isAbsolute(key) || key.startsWith('/') ? 'absolute'
    : /[\\\0]/.test(key) ? 'contains a backslash or NUL'
    : (prefix ? key.replace(/\/$/, '') : key).split('/').some((segment) => segment === '' || segment === '.' || segment === '..') ? 'has an empty, "." or ".." segment'
    : key === META_DIR || key.startsWith(`${META_DIR}/`) ? 'reserved'
    : undefined;
  if (problem) throw new Error(`Invalid blob key "${key}": ${problem}`);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Media on local disk: the embedded default. `localPath` lets ffmpeg read files in place. */
export class LocalDiskBlobStore implements BlobStore {
  readonly kind = 'local-disk';
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  localPath(key: string): string {
    assertKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid blob key "${key}": outside the store`);
    return path;
  }

  private metaPath(key: string): string {
    return join(this.root, META_DIR, `${key}.json`);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<BlobInfo> {
    const path = this.localPath(key);
    await mkdir(dirname(path), { recursive: true });
    // Write beside, then rename: a reader never sees half a file.
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, path);
    await this.writeMeta(key, contentType);
    return { size: body.length, contentType };
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<BlobInfo> {
    const path = this.localPath(key);
    await mkdir(dirname(path), { recursive: true });
    try {
      await rename(filePath, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another device: copy next to the target, rename into place, then remove the source.
      const temporary = `${path}.${randomUUID()}.tmp`;
      await copyFile(filePath, temporary);
      await rename(temporary, path);
      await unlink(filePath);
    }
    await this.writeMeta(key, contentType);
    const { size } = await stat(path);
    return { size, contentType };
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const path = this.localPath(key);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { size: info.size, contentType: await this.readMeta(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const path = this.localPath(key);
    const info = await this.stat(key);
    if (!info) throw Object.assign(new Error(`Blob "${key}" not found`), { code: 'ENOENT' });
    if (range) {
      const { start, end } = range;
      if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || start >= info.size) {
        throw Object.assign(new RangeError(`Range ${start}-${end} not satisfiable for ${info.size} bytes`), { code: 'ERR_RANGE' });
      }
      return createReadStream(path, { start, end: Math.min(end, info.size - 1) });
    }
    return createReadStream(path);
  }

  async delete(key: string): Promise<void> {
    await rm(this.localPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  /** Removes every blob whose key starts with `prefix` (`videos/v1/` removes that folder). */
  async deletePrefix(prefix: string): Promise<void> {
    assertKey(prefix, { prefix: true });
    if (prefix.endsWith('/')) {
      const folder = prefix.slice(0, -1);
      await rm(this.localPath(folder), { recursive: true, force: true });
      await rm(join(this.root, META_DIR, folder), { recursive: true, force: true });
      return;
    }
    // A partial name: remove the entries of its folder whose names start with it.
    const slash = prefix.lastIndexOf('/');
    const folder = slash >= 0 ? prefix.slice(0, slash) : '';
    const start = prefix.slice(slash + 1);
    for (const base of [this.root, join(this.root, META_DIR)]) {
      const directory = folder ? join(base, folder) : base;
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      for (const name of names) {
        if (!name.startsWith(start) || (base === this.root && !folder && name === META_DIR)) continue;
        await rm(join(directory, name), { recursive: true, force: true });
      }
    }
  }

  private async writeMeta(key: string, contentType: string): Promise<void> {
    const path = this.metaPath(key);
    if (contentType === contentTypeFor(key)) {
      await rm(path, { force: true }); // the extension says it already
      return;
    }
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, JSON.stringify({ contentType }));
  }

  private async readMeta(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.metaPath(key), 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') return meta.contentType;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    return contentTypeFor(key);
  }
}
