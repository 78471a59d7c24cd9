import { mediaThumbnailPath, type MediaItemResponse, type MediaLibraryDoc, type MediaLibraryPage, type MediaListQuery } from '@app/domain';
import { signPath } from '@app/platform';

export interface MediaUrls {
  signingKey: string;
  /** How long a signed thumbnail URL stays valid. */
  ttlSeconds: number;
  now: () => Date;
}

/** A library item as GET /api/media answers it, with a short-lived signed thumbnail URL (no blob key on the wire). */
export function presentMediaItem(doc: MediaLibraryDoc, urls: MediaUrls): MediaItemResponse {
  const expires = Math.floor(urls.now().getTime() / 1000) + urls.ttlSeconds;
  return {
    _id: doc._id,
    kind: doc.kind,
    name: doc.originalName,
    contentType: doc.contentType,
    bytes: doc.bytes,
    width: doc.width,
    height: doc.height,
    durationSeconds: doc.durationSeconds,
    thumbnailUrl: signPath(urls.signingKey, mediaThumbnailPath(doc.userId, doc._id), expires),
    createdAt: doc.createdAt,
  };
}

/** GET /api/media: one page of the library (newest first), with what the whole library holds and takes; only the page's thumbnails are signed. */
export function presentMediaLibraryPage(items: readonly MediaLibraryDoc[], page: MediaListQuery, storageBytes: number, urls: MediaUrls): MediaLibraryPage {
  const end = page.offset + page.limit;
  return {
    media: items.slice(page.offset, end).map((doc) => presentMediaItem(doc, urls)),
    usedBytes: items.reduce((sum, doc) => sum + doc.bytes, 0),
    storageBytes,
    total: items.length,
    nextOffset: end < items.length ? end : null,
  };
}
