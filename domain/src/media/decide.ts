import { ConflictError, NotFoundError, ValidationError, assertNever, type Decider } from '../shared';
import { findPlan, GIB } from '../catalog/plans';
import type { MediaCommand } from './commands';
import type { MediaEvent } from './events';
import { MEDIA_LIBRARY_MAX_ITEMS } from './limits';
import { evolveMediaLibrary, initialMediaLibraryState, type MediaLibraryState } from './state';

/** Storage as the product words it: whole GB when it is, else one decimal. */
export const formatStorage = (bytes: number) => {
  const gb = bytes / GIB;
  return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
};

export const MEDIA_ERRORS = {
  notFound: 'Media not found',
  exists: 'This media is already in your library',
  quota: (planName: string, limitBytes: number) =>
    `Your library is full: the ${planName} plan holds ${formatStorage(limitBytes)} of your own media. Delete something from your library or upgrade your plan.`,
  tooManyItems: (maxItems: number = MEDIA_LIBRARY_MAX_ITEMS) => `Your library is full: it holds up to ${maxItems} clips and images. Delete something from your library to upload more.`,
} as const;

/**
 * A creator's own media library (issue 18): uploads within the plan's storage quota and the
 * library's cap on items (MEDIA_LIBRARY_MAX_ITEMS), deletes.
 * The file was probed and stored before the command: the decider checks the business rules only.
 */
export function decideMediaLibrary(command: MediaCommand, state: MediaLibraryState): MediaEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'UploadMedia': {
      const { plan: planId, ...item } = command.data;
      if (state.items[item.mediaId]) throw new ConflictError(MEDIA_ERRORS.exists);
      if (state.liveItems >= MEDIA_LIBRARY_MAX_ITEMS) throw new ValidationError(MEDIA_ERRORS.tooManyItems());
      const plan = findPlan(planId);
      if (state.usedBytes + item.bytes > plan.storageBytes) throw new ValidationError(MEDIA_ERRORS.quota(plan.name, plan.storageBytes));
      return [{ type: 'MediaUploaded', data: { ...item, at } }];
    }
    case 'DeleteMedia': {
      const { mediaId, userId } = command.data;
      const item = state.items[mediaId];
      if (!item || item.deleted) throw new NotFoundError(MEDIA_ERRORS.notFound);
      return [{ type: 'MediaDeleted', data: { mediaId, userId, blobKey: item.blobKey, thumbnailKey: item.thumbnailKey, bytes: item.bytes, at } }];
    }
    default:
      return assertNever(command);
  }
}

export const mediaLibraryDecider: Decider<MediaCommand, MediaEvent, MediaLibraryState> = {
  decide: decideMediaLibrary,
  evolve: evolveMediaLibrary,
  initialState: initialMediaLibraryState,
};
