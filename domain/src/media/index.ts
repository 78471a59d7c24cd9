export * from './events';
export * from './commands';
export * from './state';
export * from './decide';
export * from './limits';

/** One stream per creator: their whole library (the quota is decided over it). */
export const mediaLibraryStreamId = (userId: string) => `media-library-${userId}`;

/** Where an item's file and thumbnail live in the BlobStore: under the creator's own prefix. */
export const mediaBlobPrefix = (userId: string, mediaId: string) => `media/${userId}/${mediaId}/`;

/** The signed-URL path of an item's thumbnail (query-api serves it; the signature is the credential). */
export const mediaThumbnailPath = (userId: string, mediaId: string) => `/api/media/thumbnail/${encodeURIComponent(userId)}/${encodeURIComponent(mediaId)}`;
