import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import busboy from 'busboy';
import { MEDIA_UPLOAD_MESSAGES, ValidationError, type MediaLimits } from '@app/domain';

/** The upload, on disk: the temporary file, its size, and what the browser called it. */
export interface ReceivedFile {
  path: string;
  bytes: number;
  originalName: string;
}

/** The first bytes of a JPEG, a PNG and a WebP: an upload that starts like one is held to the image limit while it streams. */
function looksLikeImage(head: Buffer): boolean {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  return head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP';
}

/** Counts the bytes going through; fails as soon as they pass the limit (the image limit once the file starts like an image). */
class SizeLimit extends Transform {
  bytes = 0;
  private head = Buffer.alloc(0);
  private limit: number;
  constructor(private readonly limits: Pick<MediaLimits, 'clipBytes' | 'imageBytes'>) {
    super();
    this.limit = Math.max(limits.clipBytes, limits.imageBytes);
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.head.length < 12) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, 12 - this.head.length)]);
      if (this.head.length >= 12 && looksLikeImage(this.head)) this.limit = this.limits.imageBytes;
    }
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      const image = this.limit === this.limits.imageBytes && looksLikeImage(this.head);
      done(new ValidationError(image ? MEDIA_UPLOAD_MESSAGES.imageTooLarge(this.limits) : MEDIA_UPLOAD_MESSAGES.clipTooLarge(this.limits)));
      return;
    }
    done(null, chunk);
  }
}

/**
 * Streams the request's one `file` part (multipart/form-data) to `dir`, never holding the whole
 * file in memory, and stops reading as soon as it passes the size limit. Anything else is a 400
 * (not multipart, no file, two files, a body cut short); the caller removes `dir` either way.
 */
export function receiveUpload(req: Request, dir: string, limits: Pick<MediaLimits, 'clipBytes' | 'imageBytes'>): Promise<ReceivedFile> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 20, fieldSize: 1024, parts: 40, fileSize: Math.max(limits.clipBytes, limits.imageBytes) + 1 },
    });
  } catch {
    // Not multipart/form-data, or without a boundary.
    return Promise.reject(new ValidationError(MEDIA_UPLOAD_MESSAGES.notMultipart));
  }

  return new Promise<ReceivedFile>((resolve, reject) => {
    let settled = false;
    let writing: Promise<ReceivedFile> | null = null;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      parser.removeAllListeners('file');
      // The rest of the body is not read here: the caller answers, then drops what still arrives for a moment and closes the connection.
      req.pause();
      reject(error instanceof ValidationError ? error : new ValidationError(MEDIA_UPLOAD_MESSAGES.broken));
    };
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || writing) {
        stream.resume();
        if (field === 'file') fail(new ValidationError(MEDIA_UPLOAD_MESSAGES.oneFile));
        return;
      }
      const path = join(dir, 'upload');
      const counter = new SizeLimit(limits);
      writing = pipeline(stream, counter, createWriteStream(path)).then(() => ({ path, bytes: counter.bytes, originalName: cleanName(info.filename) }));
      writing.catch(fail);
    });
    parser.on('filesLimit', () => fail(new ValidationError(MEDIA_UPLOAD_MESSAGES.oneFile)));
    parser.on('partsLimit', () => fail(new ValidationError(MEDIA_UPLOAD_MESSAGES.notMultipart)));
    parser.on('error', fail);
    parser.on('close', () => {
      if (settled) return;
      if (!writing) {
        fail(new ValidationError(MEDIA_UPLOAD_MESSAGES.noFile));
        return;
      }
      writing.then((file) => {
        if (settled) return;
        settled = true;
        if (file.bytes === 0) reject(new ValidationError(MEDIA_UPLOAD_MESSAGES.empty));
        else resolve(file);
      }, fail);
    });
    req.on('aborted', () => fail(new ValidationError(MEDIA_UPLOAD_MESSAGES.broken)));
    req.pipe(parser);
  });
}

/** The browser's name for the file (multipart's filename, tus's metadata), fit to show: no path, no control characters, at most 200 characters. */
export function cleanName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return base || 'upload';
}
