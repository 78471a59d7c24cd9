import { COLLECTIONS, type MediaEvent, type MediaLibraryDoc } from '@app/domain';
import type { DocumentStore, RecordedEvent } from '@app/platform';
import type { Projection } from '../runner/projection';

/** The creator's own media library (GET /api/media): one document per item, gone once deleted. */
export function evolveMediaLibraryDoc(doc: MediaLibraryDoc | null, event: MediaEvent): MediaLibraryDoc | null {
  switch (event.type) {
    case 'MediaUploaded': {
      const { mediaId, at, ...item } = event.data;
      return { _id: mediaId, ...item, createdAt: at };
    }
    case 'MediaDeleted':
      return null;
    default:
      return doc;
  }
}

export const mediaLibraryProjection: Projection = {
  name: 'media-library',
  handles: ['MediaUploaded', 'MediaDeleted'],
  collections: [COLLECTIONS.mediaLibrary],
  async apply(event: RecordedEvent, docs: DocumentStore) {
    await docs.collection<MediaLibraryDoc>(COLLECTIONS.mediaLibrary, { indexes: [['userId']] })
      .apply(String(event.data.mediaId), event.position, (current) => evolveMediaLibraryDoc(current, { type: event.type, data: event.data } as MediaEvent));
  },
};
