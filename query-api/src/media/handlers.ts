import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { CAPTION_PRESET_IDS, COLLECTIONS, ForbiddenError, NotFoundError, PREVIEW_KEYS, findArtStyle, findVoice, type VideoDetailDoc } from '@app/domain';
import { verifySignedPath, type BlobStore, type DocumentStore, type HandlersOf } from '@app/platform';

/** A request's cache validators, for `sendBlob`. */
export interface BlobConditions {
  ifNoneMatch?: string;
  ifRange?: string;
}

export const conditionsOf = (req: Request): BlobConditions => ({ ifNoneMatch: req.get('if-none-match'), ifRange: req.get('if-range') });

/** A strong validator for a blob whose key never holds other bytes: its key and size. */
export function blobETag(key: string, size: number): string {
  return `"${createHash('sha256').update(`${key}\0${size}`).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-None-Match header names this tag (weak comparison, `*` for any). */
function namesTag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Serve a blob with HTTP Range support: 206 with Content-Range for a satisfiable range,
 * 416 for an unsatisfiable one, 200 for the whole file.
 *
 * With `conditions` (for keys whose bytes never change: a render writes under its version's
 * folder, scene pictures under their content's hash), the answer carries a strong ETag; a request
 * whose If-None-Match names it gets 304 and no body (a revisited video or thumbnail is not sent
 * again), and a Range is honoured only if the If-Range sent with it names it (else the whole file,
 * so a player never splices bytes of two different files).
 */
export async function sendBlob(blobs: BlobStore, key: string, rangeHeader: string | undefined, res: Response, extraHeaders: Record<string, string> = {}, conditions?: BlobConditions): Promise<void> {
  const info = await blobs.stat(key);
  if (!info) throw new NotFoundError('Not found');
  res.setHeader('accept-ranges', 'bytes');
  res.setHeader('content-type', info.contentType);
  for (const [k, v] of Object.entries(extraHeaders)) res.setHeader(k, v);
  let rangeAsked = rangeHeader;
  if (conditions) {
    const etag = blobETag(key, info.size);
    res.setHeader('etag', etag);
    if (conditions.ifNoneMatch && namesTag(conditions.ifNoneMatch, etag)) {
      res.status(304).end();
      return;
    }
    // If-Range takes a strong tag (a date, which these answers never give, does not match).
    if (conditions.ifRange !== undefined && conditions.ifRange.trim() !== etag) rangeAsked = undefined;
  }
  const range = parseRange(rangeAsked, info.size);
  if (range === 'unsatisfiable') {
    res.status(416).setHeader('content-range', `bytes */${info.size}`);
    res.end();
    return;
  }
  if (range) {
    res.status(206);
    res.setHeader('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    res.setHeader('content-length', String(range.end - range.start + 1));
  } else {
    res.setHeader('content-length', String(info.size));
  }
  const stream = await blobs.read(key, range ?? undefined);
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    res.on('close', () => { stream.destroy(); resolve(); });
    stream.pipe(res);
  });
}

/** A single `bytes=` range (what players send); multiple ranges are answered with the whole file. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** The MP4 and thumbnail of a video (signed URLs), and the catalogue's preview clips and pictures. */
export function mediaHandlers({ docs, blobs, signingKey }: { docs: DocumentStore; blobs: BlobStore; signingKey: string }): HandlersOf<'streamVideo' | 'videoThumbnail' | 'voicePreview' | 'artStylePreview' | 'videoScenePicture' | 'captionPresetPreview'> {
  const signedVideo = async (path: string, id: string, query: Record<string, unknown>) => {
    if (!verifySignedPath(signingKey, path, query.exp, query.sig)) throw new ForbiddenError('This media link has expired. Reload the page to get a new one.');
    const doc = await docs.collection<VideoDetailDoc>(COLLECTIONS.videoDetail).get(id);
    if (!doc?.media) throw new NotFoundError('Video not found');
    return doc;
  };

  return {
    streamVideo: async (req, res) => {
      const id = req.params.id;
      const doc = await signedVideo(`/api/video/stream/${id}`, id, req.query);
      const disposition: Record<string, string> = req.query.download ? { 'content-disposition': `attachment; filename="${safeFileName(doc.script?.title ?? id)}.mp4"` } : {};
      await sendBlob(blobs, doc.media!.videoKey, req.get('range'), res, { 'cache-control': 'private, max-age=3600', ...disposition }, conditionsOf(req));
    },

    videoThumbnail: async (req, res) => {
      const id = req.params.id;
      const doc = await signedVideo(`/api/video/thumbnail/${id}`, id, req.query);
      if (!doc.media?.thumbnailKey) throw new NotFoundError('Not found');
      await sendBlob(blobs, doc.media.thumbnailKey, req.get('range'), res, { 'cache-control': 'private, max-age=3600' }, conditionsOf(req));
    },

    videoScenePicture: async (req, res) => {
      const { id, picture } = req.params;
      const doc = await signedVideo(`/api/video/scene-picture/${id}/${picture}`, id, req.query);
      if (!/^[0-9a-f]{20}$/.test(picture)) throw new NotFoundError('Not found');
      await sendBlob(blobs, `videos/${doc.userId}/${id}/scenes/${picture}.jpg`, req.get('range'), res, { 'cache-control': 'private, max-age=3600' }, conditionsOf(req));
    },

    captionPresetPreview: async (req, res) => {
      if (!CAPTION_PRESET_IDS.includes(req.params.id as never)) throw new NotFoundError('Caption style not found');
      await sendBlob(blobs, PREVIEW_KEYS.captionPreset(req.params.id), req.get('range'), res, { 'cache-control': 'public, max-age=86400' });
    },

    voicePreview: async (req, res) => {
      if (!findVoice(req.params.id)) throw new NotFoundError('Voice not found');
      await sendBlob(blobs, PREVIEW_KEYS.voice(req.params.id), req.get('range'), res, { 'cache-control': 'public, max-age=86400' });
    },

    artStylePreview: async (req, res) => {
      if (!findArtStyle(req.params.id)) throw new NotFoundError('Art style not found');
      await sendBlob(blobs, PREVIEW_KEYS.artStyle(req.params.id), req.get('range'), res, { 'cache-control': 'public, max-age=86400' });
    },
  };
}

function safeFileName(title: string): string {
  return title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().slice(0, 80) || 'video';
}
