import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import {
  DomainError, MEDIA_ERRORS, MEDIA_LIBRARY_MAX_ITEMS, MEDIA_UPLOAD_MESSAGES, NotFoundError, mediaBlobPrefix, type MediaLimits, type Plan, type PlanId,
} from '@app/domain';
import { currentUserId, type BlobStore, type HandlersOf, type Logger } from '@app/platform';
import { cleanName, type ReceivedFile } from './receive';

/** Where the tus routes live (the route table's createMediaUpload path). */
export const TUS_PATH = '/api/media/uploads';
/** A resumable upload not finished this long after it started is removed (tus expiration; MEDIA_RESUMABLE_EXPIRY_MINUTES). */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** How often the expired ones are looked for (more often when they expire sooner). */
const SWEEP_MS = 60 * 60 * 1000;

export interface TusDeps {
  blobs: BlobStore;
  log: Logger;
  media: { limits: MediaLimits; tmpDir: string | null; resumableExpiryMs?: number };
  accept: (userId: string, correlationId: string | undefined, mediaId: string, file: ReceivedFile, dir: string, plan: PlanId, onStoring: () => void) => Promise<object>;
  planAndRoom: (userId: string) => Promise<{ plan: Plan; usedBytes: number; liveItems: number }>;
  /** Aborted when the service stops: the sweep stops with it. */
  stopping?: AbortSignal;
}

/** An upload's id starts with a digest of its creator's id: another creator's id is not found without a look-up. */
const ownerTag = (userId: string) => createHash('sha256').update(`tus:${userId}`).digest('hex').slice(0, 16);

/** A refusal as tus sends it, in the product's words (the handler turns every error answer into JSON). */
const tusError = (status: number, message: string) => ({ status_code: status, body: JSON.stringify({ error: message }) });

/** The express request behind a tus hook's web request (the route has authenticated it). */
function nodeRequestOf(req: unknown): (IncomingMessage & { userId?: string; correlationId?: string }) | undefined {
  const r = req as { runtime?: { node?: { req?: IncomingMessage } }; node?: { req?: IncomingMessage } };
  return r.runtime?.node?.req ?? r.node?.req;
}

/**
 * Resumable uploads to the media library over the tus protocol (1.0.0: creation, creation-with-upload,
 * termination, expiration), served by @tus/server with its file store. Bearer-authenticated by the
 * route table; each upload belongs to its creator (another creator's is 404). The size limit, the
 * library's cap on items and the plan's storage quota are checked when the upload is created, before
 * a byte is accepted; on the last byte the file gets the very checks of POST /api/media (content,
 * length, image size, cap, quota) and is recorded as MediaUploaded; a refused or cancelled one is
 * removed, and one not finished 24 hours after it started expires and is swept. Every error answer is JSON `{error}` like the rest of the API.
 */
export function createTusUploads(deps: TusDeps): HandlersOf<'createMediaUpload' | 'mediaUploadOffset' | 'continueMediaUpload' | 'cancelMediaUpload'> {
  const { limits } = deps.media;
  const directory = join(deps.media.tmpDir ?? tmpdir(), 'media-tus');
  const expiryMs = deps.media.resumableExpiryMs ?? TUS_EXPIRY_MS;
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  const maxBytes = Math.max(limits.clipBytes, limits.imageBytes);

  const server = new Server({
    path: TUS_PATH,
    datastore: store,
    relativeLocation: true,
    // The size limit is checked when an upload is created (onUploadCreate, in the product's words); tus refuses bytes past Upload-Length.
    // Same origin: no cross-origin browser may use it.
    allowedOrigins: [],
    namingFunction: (req) => {
      const userId = nodeRequestOf(req)?.userId;
      if (!userId) throw tusError(401, 'Not authorized, no token');
      return `${ownerTag(userId)}${randomBytes(16).toString('hex')}`;
    },
    onUploadCreate: async (req, upload) => {
      const userId = nodeRequestOf(req)?.userId;
      if (!userId) throw tusError(401, 'Not authorized, no token');
      if (upload.size === undefined) throw tusError(400, 'Please say how large the file is (Upload-Length): uploads of unknown length are not taken.');
      if (upload.size === 0) throw tusError(400, MEDIA_UPLOAD_MESSAGES.empty);
      if (upload.size > maxBytes) throw tusError(413, MEDIA_UPLOAD_MESSAGES.clipTooLarge(limits));
      const { plan, usedBytes, liveItems } = await deps.planAndRoom(userId);
      if (liveItems >= MEDIA_LIBRARY_MAX_ITEMS) throw tusError(400, MEDIA_ERRORS.tooManyItems());
      if (usedBytes + upload.size > plan.storageBytes) throw tusError(400, MEDIA_ERRORS.quota(plan.name, plan.storageBytes));
      const name = cleanName(upload.metadata?.filename ?? upload.metadata?.name ?? null);
      return { metadata: { filename: name, userId } };
    },
    onUploadFinish: async (req, upload) => {
      const node = nodeRequestOf(req);
      const userId = node?.userId;
      if (!userId || upload.metadata?.userId !== userId) throw tusError(404, 'Upload not found');
      return finish(userId, node?.correlationId, upload);
    },
    onResponseError: (_req, error) => {
      if (error instanceof DomainError) return { status_code: error.status, body: JSON.stringify({ error: error.message }) };
      if (!('status_code' in error)) deps.log.error({ err: error }, 'Resumable upload failed');
      return undefined;
    },
  });

  /** The last byte arrived: the file is checked like a multipart upload, recorded, and its bytes here removed either way. */
  const finish = async (userId: string, correlationId: string | undefined, upload: Upload) => {
    const path = join(directory, upload.id);
    const dir = await mkdtemp(join(deps.media.tmpDir ?? tmpdir(), 'media-upload-'));
    const mediaId = randomUUID();
    let stored = false;
    try {
      const { plan } = await deps.planAndRoom(userId);
      const answer = await deps.accept(userId, correlationId, mediaId, { path, bytes: upload.offset, originalName: upload.metadata?.filename || 'upload' }, dir, plan.id, () => { stored = true; });
      stored = false;
      return { status_code: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(answer) };
    } catch (error) {
      if (error instanceof DomainError) throw tusError(error.status, error.message);
      throw error;
    } finally {
      if (stored) await deps.blobs.deletePrefix(mediaBlobPrefix(userId, mediaId)).catch((error: unknown) => deps.log.warn({ err: error, userId, mediaId }, 'Could not remove a refused upload'));
      await rm(dir, { recursive: true, force: true });
      // Checked (and stored) or refused, its bytes here are done with (the file itself may have been moved into the media store).
      await rm(path, { force: true });
      await rm(`${path}.json`, { force: true });
    }
  };

  // Abandoned uploads go after a day without bytes.
  const sweep = () => {
    server.cleanUpExpiredUploads().then(
      (removed) => { if (removed > 0) deps.log.info({ removed }, 'Expired resumable uploads removed'); },
      (error: unknown) => deps.log.warn({ err: error }, 'Could not sweep expired resumable uploads'),
    );
  };
  const ready = mkdir(directory, { recursive: true }).then(sweep, () => undefined);
  // (The sweep runs on this process's timer: several command-api instances sharing UPLOAD_TMP_DIR each sweep it, harmlessly.)
  const sweeping = setInterval(sweep, Math.min(SWEEP_MS, Math.max(250, expiryMs / 2)));
  sweeping.unref();
  deps.stopping?.addEventListener('abort', () => clearInterval(sweeping), { once: true });

  const serve = async (req: Request, res: Response) => {
    const userId = currentUserId(req);
    const id = req.params.id as string | undefined;
    if (id !== undefined && !id.startsWith(ownerTag(userId))) throw new NotFoundError('Upload not found');
    if (req.method !== 'OPTIONS' && !req.headers['tus-resumable']) throw new TusVersionRequired('This route speaks the tus protocol: send Tus-Resumable: 1.0.0');
    // GET answers what HEAD does (the route table answers HEAD by GET routes).
    if (req.method === 'GET') req.method = 'HEAD';
    await ready;
    jsonErrors(res);
    await server.handle(req, res);
  };

  return {
    createMediaUpload: serve,
    mediaUploadOffset: serve,
    continueMediaUpload: serve,
    cancelMediaUpload: serve,
  };
}

/** 412: a request without the tus protocol's version header. */
class TusVersionRequired extends DomainError {
  readonly status = 412;
}

/**
 * Error answers of the tus server become JSON `{error}` (it writes plain text): the headers are
 * held until the body is known, then sent with the JSON body.
 */
function jsonErrors(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, string | number | string[]>) => ServerResponse;
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown) => boolean;
  let held: { status: number; headers: Record<string, string | number | string[]> } | null = null;
  let text = '';
  const headersOf = (args: unknown[]): Record<string, string | number | string[]> => {
    const raw = args.find((a) => typeof a === 'object' && a !== null);
    if (Array.isArray(raw)) {
      const out: Record<string, string> = {};
      for (let i = 0; i + 1 < raw.length; i += 2) out[String(raw[i])] = String(raw[i + 1]);
      return out;
    }
    return (raw ?? {}) as Record<string, string | number | string[]>;
  };
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status < 400) return (writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
    held = { status, headers: headersOf(rest) };
    return res;
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!held) return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!held) return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') text += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    let message = text.trim() || 'The upload could not be taken';
    try {
      const parsed = JSON.parse(message) as { error?: unknown };
      if (typeof parsed.error === 'string') message = parsed.error;
    } catch {
      // tus's own plain-text reasons ('Upload-Offset conflict', …).
    }
    const body = JSON.stringify({ error: message });
    const headers = Object.fromEntries(Object.entries(held.headers).filter(([name]) => !['content-type', 'content-length'].includes(name.toLowerCase())));
    writeHead(held.status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    return end(body);
  }) as typeof res.end;
}
