import type { Event } from '../shared';

/** What a library item is: a video clip or a still image. */
export type MediaKind = 'clip' | 'image';

/** One item of a creator's own media, as probed when it was uploaded. */
export interface MediaItem {
  mediaId: string;
  userId: string;
  kind: MediaKind;
  /** Where the file is in the BlobStore (under the user's prefix). */
  blobKey: string;
  /** A JPEG frame of it, in the BlobStore beside the file. */
  thumbnailKey: string;
  /** The file's name on the creator's machine (shown, never used as a path). */
  originalName: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  /** Seconds, for clips; null for images. */
  durationSeconds: number | null;
}

export type MediaUploaded = Event<'MediaUploaded', MediaItem & { at: string }>;
export type MediaDeleted = Event<'MediaDeleted', { mediaId: string; userId: string; blobKey: string; thumbnailKey: string; bytes: number; at: string }>;

export type MediaEvent = MediaUploaded | MediaDeleted;
