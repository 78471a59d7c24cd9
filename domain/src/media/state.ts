import { assertNever } from '../shared';
import type { MediaEvent, MediaKind } from './events';

/** What a library item's decisions need: its size and keys, and whether it is gone. */
export interface MediaEntry {
  kind: MediaKind;
  width: number;
  height: number;
  durationSeconds: number | null;
  originalName: string;
  bytes: number;
  blobKey: string;
  thumbnailKey: string;
  deleted: boolean;
}

/** One creator's library: every item ever uploaded (deleted ones kept, so an id is never reused), the bytes and the number of items held. */
export interface MediaLibraryState {
  items: Record<string, MediaEntry>;
  usedBytes: number;
  /** Items not deleted (the library's cap counts these). */
  liveItems: number;
}

export const initialMediaLibraryState = (): MediaLibraryState => ({ items: {}, usedBytes: 0, liveItems: 0 });

export function evolveMediaLibrary(state: MediaLibraryState, event: MediaEvent): MediaLibraryState {
  switch (event.type) {
    case 'MediaUploaded': {
      const { mediaId, kind, bytes, blobKey, thumbnailKey, width, height, durationSeconds, originalName } = event.data;
      return {
        items: { ...state.items, [mediaId]: { kind, width, height, durationSeconds, originalName, bytes, blobKey, thumbnailKey, deleted: false } },
        usedBytes: state.usedBytes + bytes,
        liveItems: state.liveItems + 1,
      };
    }
    case 'MediaDeleted': {
      const item = state.items[event.data.mediaId];
      if (!item || item.deleted) return state;
      return {
        items: { ...state.items, [event.data.mediaId]: { ...item, deleted: true } },
        usedBytes: Math.max(0, state.usedBytes - item.bytes),
        liveItems: Math.max(0, state.liveItems - 1),
      };
    }
    default:
      return assertNever(event);
  }
}

/** A live (not deleted) item of the library, or null: what a video may use. */
export function liveMediaItem(state: MediaLibraryState, mediaId: string): (MediaEntry & { mediaId: string }) | null {
  const item = Object.hasOwn(state.items, mediaId) ? state.items[mediaId] : undefined;
  return item && !item.deleted ? { ...item, mediaId } : null;
}
