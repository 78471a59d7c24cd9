import { COLLECTIONS } from '@app/domain';
import { AT } from '../testing/events';
import { projectionSpec } from '../testing/projection-spec';
import { mediaLibraryProjection } from './media-library';

const spec = projectionSpec(mediaLibraryProjection);
const C = COLLECTIONS.mediaLibrary;
const item = {
  mediaId: 'm1', userId: 'u1', kind: 'clip', blobKey: 'media/u1/m1/original', thumbnailKey: 'media/u1/m1/thumbnail.jpg', originalName: 'beach.mp4',
  contentType: 'video/mp4', bytes: 1_234_567, width: 1920, height: 1080, durationSeconds: 4,
};
const uploaded = (data: Partial<typeof item> = {}) => ({ type: 'MediaUploaded', data: { ...item, ...data, at: AT } });
const deleted = (mediaId = 'm1') => ({ type: 'MediaDeleted', data: { mediaId, userId: 'u1', blobKey: `media/u1/${mediaId}/original`, thumbnailKey: `media/u1/${mediaId}/thumbnail.jpg`, bytes: 1, at: AT } });

describe('The media library read model (GET /api/media)', () => {
  describe('When a file is uploaded', () => {
    it('should hold one document for the item, with its owner, probe and keys', async () => {
      await spec.given([]).when(uploaded()).then(C, 'm1', {
        _id: 'm1', userId: 'u1', kind: 'clip', blobKey: 'media/u1/m1/original', thumbnailKey: 'media/u1/m1/thumbnail.jpg', originalName: 'beach.mp4',
        contentType: 'video/mp4', bytes: 1_234_567, width: 1920, height: 1080, durationSeconds: 4, createdAt: AT,
      });
    });
    it('should hold an image with no duration, beside the clip', async () => {
      await spec.given([uploaded()]).when(uploaded({ mediaId: 'm2', kind: 'image', contentType: 'image/png', durationSeconds: null as never }))
        .then(C, 'm2', expect.objectContaining({ _id: 'm2', kind: 'image', durationSeconds: null }));
    });
    it('should change nothing when the event is applied again (a replay)', async () => {
      await spec.given([]).when(uploaded()).thenReplayChangesNothing(C, 'm1');
    });
  });

  describe('When an item is deleted', () => {
    it('should be gone, and the other items kept', async () => {
      await spec.given([uploaded(), uploaded({ mediaId: 'm2' })]).when(deleted('m1')).then(C, 'm1', null);
      await spec.given([uploaded(), uploaded({ mediaId: 'm2' })]).when(deleted('m1')).then(C, 'm2', expect.objectContaining({ _id: 'm2' }));
    });
    it('should stay gone on a replay of the deletion', async () => {
      await spec.given([uploaded()]).when(deleted('m1')).thenReplayChangesNothing(C, 'm1');
    });
  });
});
