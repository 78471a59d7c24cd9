import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import {
  MEDIA_ERRORS, MEDIA_LIBRARY_MAX_ITEMS, MEDIA_UPLOAD_MESSAGES, ValidationError, effectivePlan, findPlan, mediaBlobPrefix, mediaLibraryDecider, mediaLibraryStreamId, mediaThumbnailPath, subscriptionDecider,
  subscriptionStreamId, type MediaItem, type MediaLimits, type PlanId,
} from '@app/domain';
import {
  commandMetadata, currentUserId, handle, loadState, signPath, type BlobStore, type Clock, type EventStore, type HandlersOf, type Logger,
} from '@app/platform';
import { makeThumbnail, probeMedia, type MediaTools } from './probe';
import { receiveUpload, type ReceivedFile } from './receive';
import { createTusUploads } from './tus';

export interface MediaCommandDeps {
  eventStore: EventStore;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  /** Signs the thumbnail URL of the answer (the same key query-api checks). */
  signingKey: string;
  media: { tools: MediaTools; limits: MediaLimits; tmpDir: string | null; resumableExpiryMs?: number };
  /** Aborted when the service stops: the sweep of abandoned resumable uploads stops with it. */
  stopping?: AbortSignal;
}

/** After a refused upload: at most this much more of the body is read (and dropped), for at most this long. */
const LINGER_BYTES = 4 * 1024 * 1024;
const LINGER_MS = 2000;

function lingerThenClose(req: Request): void {
  if (req.complete) return;
  let dropped = 0;
  const close = () => req.socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) close();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/** How long the thumbnail URL of an upload's answer stays valid. */
const THUMBNAIL_URL_TTL_SECONDS = 3600;

/**
 * The creator's own media library (issue 18). An upload is streamed to a temporary file (size
 * limits enforced while it streams), checked by its content with ffprobe, pictured with ffmpeg,
 * stored in the BlobStore under the creator's prefix, and only then recorded (the plan's storage
 * quota is the decider's); a refusal at any step stores nothing and records nothing.
 */
export function mediaHandlers(deps: MediaCommandDeps): HandlersOf<'uploadMedia' | 'deleteMedia' | 'createMediaUpload' | 'mediaUploadOffset' | 'continueMediaUpload' | 'cancelMediaUpload'> {
  const { tools, limits } = deps.media;
  const log = deps.logger.child({ category: 'media-library' });

  const refuse = (req: Request, res: Response, message: string): never => {
    // The rest of a refused body is not stored, nor read for long: once the answer is sent, what
    // is still arriving is discarded for a moment (so that the client reads the answer instead of
    // a reset), then the connection is closed if the body has not ended.
    res.once('finish', () => lingerThenClose(req));
    throw new ValidationError(message);
  };

  /**
   * A received file (on disk in `dir`) checked by its content, pictured, stored under the creator's
   * prefix and recorded in their library (the quota is the decider's): the answer of an upload. A
   * refusal throws ValidationError; `onStoring` is called before the first file is stored, so the
   * caller can remove them should the recording be refused.
   */
  const accept = async (userId: string, correlationId: string | undefined, mediaId: string, file: ReceivedFile, dir: string, plan: PlanId, onStoring: () => void) => {
    const probed = await probeMedia(tools, file.path, limits.clipSeconds);
    if ('refused' in probed) throw new ValidationError(probed.refused === 'too-long' ? MEDIA_UPLOAD_MESSAGES.clipTooLong(limits) : MEDIA_UPLOAD_MESSAGES.notMedia);
    if (probed.kind === 'image' && file.bytes > limits.imageBytes) throw new ValidationError(MEDIA_UPLOAD_MESSAGES.imageTooLarge(limits));
    const thumbnail = join(dir, 'thumbnail.jpg');
    if (!(await makeThumbnail(tools, file.path, probed, thumbnail))) throw new ValidationError(MEDIA_UPLOAD_MESSAGES.notMedia);

    const metadata = commandMetadata({ userId, correlationId, now: deps.clock.now() });
    const prefix = mediaBlobPrefix(userId, mediaId);
    const item: MediaItem = {
      mediaId, userId, kind: probed.kind, blobKey: `${prefix}original`, thumbnailKey: `${prefix}thumbnail.jpg`, originalName: file.originalName,
      contentType: probed.contentType, bytes: file.bytes, width: probed.width, height: probed.height, durationSeconds: probed.durationSeconds,
    };
    onStoring();
    await deps.blobs.putFile(item.blobKey, file.path, item.contentType);
    await deps.blobs.putFile(item.thumbnailKey, thumbnail, 'image/jpeg');
    const { position } = await handle(deps.eventStore, mediaLibraryStreamId(userId), mediaLibraryDecider, {
      type: 'UploadMedia', data: { ...item, plan }, metadata,
    });
    log.info({ userId, mediaId, kind: item.kind, bytes: item.bytes }, 'Media uploaded');
    const expires = Math.floor(deps.clock.now().getTime() / 1000) + THUMBNAIL_URL_TTL_SECONDS;
    return {
      _id: mediaId, kind: item.kind, name: item.originalName, contentType: item.contentType, bytes: item.bytes, width: item.width, height: item.height,
      durationSeconds: item.durationSeconds, thumbnailUrl: signPath(deps.signingKey, mediaThumbnailPath(userId, mediaId), expires), createdAt: metadata.now, position,
    };
  };

  /**
   * The creator's plan now and what their library holds, to refuse a full one before a byte is read.
   * Both streams are folded through the platform's state cache: only the events since the last
   * command are read, not the whole library each time.
   */
  const planAndRoom = async (userId: string) => {
    const { state: subscription } = await loadState(deps.eventStore, subscriptionStreamId(userId), subscriptionDecider);
    const plan = findPlan(effectivePlan(subscription, deps.clock.now().toISOString()));
    const { state: library } = await loadState(deps.eventStore, mediaLibraryStreamId(userId), mediaLibraryDecider);
    return { plan, usedBytes: library.usedBytes, liveItems: library.liveItems };
  };

  const tus = createTusUploads({ ...deps, log, accept, planAndRoom });

  return {
    ...tus,
    uploadMedia: async (req, res) => {
      const userId = currentUserId(req);
      const dir = await mkdtemp(join(deps.media.tmpDir ?? tmpdir(), 'media-upload-'));
      const mediaId = randomUUID();
      let stored = false;
      try {
        // A library already full is refused before a byte of the file is read (the decider has the last word).
        const { plan, usedBytes, liveItems } = await planAndRoom(userId);
        if (liveItems >= MEDIA_LIBRARY_MAX_ITEMS) refuse(req, res, MEDIA_ERRORS.tooManyItems());
        if (usedBytes >= plan.storageBytes) refuse(req, res, MEDIA_ERRORS.quota(plan.name, plan.storageBytes));

        const file = await receiveUpload(req, dir, limits).catch((error: unknown) => refuse(req, res, error instanceof Error ? error.message : MEDIA_UPLOAD_MESSAGES.broken));
        res.status(201).json(await accept(userId, req.correlationId, mediaId, file, dir, plan.id, () => { stored = true; }));
        stored = false;
      } finally {
        // A refusal after the files were stored (the quota) leaves nothing behind.
        if (stored) await deps.blobs.deletePrefix(mediaBlobPrefix(userId, mediaId)).catch((error: unknown) => log.warn({ err: error, userId, mediaId }, 'Could not remove a refused upload'));
        await rm(dir, { recursive: true, force: true });
      }
    },

    deleteMedia: async (req, res) => {
      const userId = currentUserId(req);
      const mediaId = req.params.id;
      const { position } = await handle(deps.eventStore, mediaLibraryStreamId(userId), mediaLibraryDecider, {
        type: 'DeleteMedia', data: { mediaId, userId }, metadata: commandMetadata({ userId, correlationId: req.correlationId, now: deps.clock.now() }),
      });
      // Recorded first, then freed; the media janitor frees them too, should this process stop in between.
      await deps.blobs.deletePrefix(mediaBlobPrefix(userId, mediaId)).catch((error: unknown) => log.warn({ err: error, userId, mediaId }, 'Could not remove deleted media; the janitor will'));
      res.json({ success: true, position });
    },
  };
}
