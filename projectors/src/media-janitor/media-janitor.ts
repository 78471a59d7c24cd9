import { mediaBlobPrefix } from '@app/domain';
import type { BlobStore, DocumentStore, EventStore, Logger, Subscription } from '@app/platform';
import { runReactor } from '@app/platform';

export const MEDIA_JANITOR = 'media-janitor';

/** Frees a deleted video's media (everything under its folder) and a deleted library item's files, idempotently. */
export function runMediaJanitor(input: { eventStore: EventStore; docs: DocumentStore; blobs: BlobStore; logger: Logger }): Promise<Subscription> {
  return runReactor({
    name: MEDIA_JANITOR,
    eventStore: input.eventStore,
    docs: input.docs,
    logger: input.logger,
    handles: ['VideoDeleted', 'MediaDeleted'],
    react: async (event) => {
      if (event.type === 'MediaDeleted') await input.blobs.deletePrefix(mediaBlobPrefix(String(event.data.userId), String(event.data.mediaId)));
      else await input.blobs.deletePrefix(`videos/${event.data.userId}/${event.data.videoId}/`);
    },
  });
}
