import { ConflictError, NotFoundError, ValidationError } from '../shared';
import { GIB, PLANS } from '../catalog/plans';
import { deciderSpec, meta, NOW } from '../testing/decider-spec';
import type { UploadMedia } from './commands';
import { mediaLibraryDecider, MEDIA_ERRORS } from './decide';
import type { MediaDeleted, MediaItem, MediaUploaded } from './events';
import { mediaBlobPrefix, mediaLibraryStreamId } from './index';
import { MEDIA_LIBRARY_MAX_ITEMS } from './limits';

const spec = deciderSpec(mediaLibraryDecider);
const MB = 1024 * 1024;

const anItem = (mediaId = 'm1', bytes = 50 * MB): MediaItem => ({
  mediaId, userId: 'u1', kind: 'clip', blobKey: `media/u1/${mediaId}/file`, thumbnailKey: `media/u1/${mediaId}/thumbnail.jpg`,
  originalName: 'beach.mp4', contentType: 'video/mp4', bytes, width: 1920, height: 1080, durationSeconds: 12.5,
});
const upload = (item: MediaItem, plan: UploadMedia['data']['plan'] = 'FREE'): UploadMedia => ({ type: 'UploadMedia', data: { ...item, plan }, metadata: meta() });
const uploaded = (item: MediaItem): MediaUploaded => ({ type: 'MediaUploaded', data: { ...item, at: NOW } });
const deleted = (item: MediaItem): MediaDeleted => ({
  type: 'MediaDeleted', data: { mediaId: item.mediaId, userId: item.userId, blobKey: item.blobKey, thumbnailKey: item.thumbnailKey, bytes: item.bytes, at: NOW },
});
const remove = (mediaId: string) => ({ type: 'DeleteMedia' as const, data: { mediaId, userId: 'u1' }, metadata: meta() });

describe('Media library decider', () => {
  describe('When a file is uploaded', () => {
    it('should record it with its probe, keys and time', () => {
      spec.given([]).when(upload(anItem())).then([uploaded(anItem())]);
    });
    it('should record an image, with no duration', () => {
      const image: MediaItem = { ...anItem('m2', 2 * MB), kind: 'image', contentType: 'image/png', originalName: 'cat.png', durationSeconds: null, width: 800, height: 600 };
      spec.given([uploaded(anItem())]).when(upload(image)).then([uploaded(image)]);
    });
    it('should refuse the same item twice', () => {
      spec.given([uploaded(anItem())]).when(upload(anItem())).thenThrows(ConflictError, MEDIA_ERRORS.exists);
    });
  });

  describe("When an upload would pass the plan's storage quota", () => {
    it('should refuse it on Free (1 GB) with the plan and its size in the message', () => {
      const held = [uploaded(anItem('a', 400 * MB)), uploaded(anItem('b', 400 * MB))];
      spec.given(held).when(upload(anItem('c', 300 * MB))).thenThrows(ValidationError, MEDIA_ERRORS.quota('Free', GIB));
      expect(MEDIA_ERRORS.quota('Free', GIB)).toBe('Your library is full: the Free plan holds 1 GB of your own media. Delete something from your library or upgrade your plan.');
    });
    it('should accept exactly up to the quota', () => {
      spec.given([uploaded(anItem('a', GIB - 10 * MB))]).when(upload(anItem('b', 10 * MB))).then([uploaded(anItem('b', 10 * MB))]);
    });
    it('should accept the same upload on a larger plan', () => {
      const held = [uploaded(anItem('a', 400 * MB)), uploaded(anItem('b', 400 * MB))];
      spec.given(held).when(upload(anItem('c', 300 * MB), 'STARTER')).then([uploaded(anItem('c', 300 * MB))]);
    });
    it('should free the space of a deleted item', () => {
      const held = [uploaded(anItem('a', 400 * MB)), uploaded(anItem('b', 400 * MB)), deleted(anItem('a', 400 * MB))];
      spec.given(held).when(upload(anItem('c', 300 * MB))).then([uploaded(anItem('c', 300 * MB))]);
    });
    it('should give every plan more room than the one below it', () => {
      const sizes = PLANS.map((p) => p.storageBytes);
      expect(sizes).toEqual([1, 5, 20, 50].map((n) => n * GIB));
    });
  });

  describe('When the library holds as many items as it may', () => {
    const full = Array.from({ length: MEDIA_LIBRARY_MAX_ITEMS }, (_, i) => uploaded(anItem(`m${i}`, 1024)));
    it('should refuse one more, saying how many it holds', () => {
      spec.given(full).when(upload(anItem('one-more', 1024))).thenThrows(ValidationError, MEDIA_ERRORS.tooManyItems());
      expect(MEDIA_ERRORS.tooManyItems()).toBe('Your library is full: it holds up to 500 clips and images. Delete something from your library to upload more.');
    });
    it('should take one more once an item is deleted', () => {
      spec.given([...full, deleted(anItem('m7', 1024))]).when(upload(anItem('one-more', 1024))).then([uploaded(anItem('one-more', 1024))]);
    });
  });

  describe('When an item is deleted', () => {
    it('should record the deletion with the keys to free', () => {
      spec.given([uploaded(anItem())]).when(remove('m1')).then([deleted(anItem())]);
    });
    it('should answer not found for an unknown item', () => {
      spec.given([uploaded(anItem())]).when(remove('nope')).thenThrows(NotFoundError, MEDIA_ERRORS.notFound);
    });
    it('should answer not found for an item already deleted', () => {
      spec.given([uploaded(anItem()), deleted(anItem())]).when(remove('m1')).thenThrows(NotFoundError, MEDIA_ERRORS.notFound);
    });
    it('should not let a deleted id be uploaded again', () => {
      spec.given([uploaded(anItem()), deleted(anItem())]).when(upload(anItem())).thenThrows(ConflictError, MEDIA_ERRORS.exists);
    });
  });

  it("should keep each creator's library in a stream of its own, and their files under a prefix of their own", () => {
    expect(mediaLibraryStreamId('u1')).toBe('media-library-u1');
    expect(mediaBlobPrefix('u1', 'm1')).toBe('media/u1/m1/');
  });
});
