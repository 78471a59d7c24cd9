import {
  COLLECTIONS, ForbiddenError, MEDIA_LIBRARY_MAX_ITEMS, NotFoundError, effectivePlan, findPlan, mediaBlobPrefix, mediaThumbnailPath, type MediaLibraryDoc,
  type SubscriptionViewDoc,
} from '@app/domain';
import { currentUserId, queryOf, verifySignedPath, type BlobStore, type DocumentStore, type HandlersOf } from '@app/platform';
import { sendBlob } from '../media/handlers';
import { presentMediaLibraryPage, type MediaUrls } from './presenter';

/**
 * GET /api/media: the creator's own library (theirs only), newest first, a page at a time, with the
 * storage it takes against the plan's quota; GET /api/media/thumbnail/:userId/:id: an item's
 * thumbnail, by the signed URL the list hands out.
 *
 * A library holds at most MEDIA_LIBRARY_MAX_ITEMS items (the decider's cap; the read model keeps
 * live items only), so one bounded read gives the page, the count and the storage used.
 */
export function mediaLibraryHandlers(deps: { docs: DocumentStore; blobs: BlobStore; urls: MediaUrls }): HandlersOf<'listMedia' | 'mediaThumbnail'> {
  const library = () => deps.docs.collection<MediaLibraryDoc>(COLLECTIONS.mediaLibrary, { indexes: [['userId']] });
  return {
    listMedia: async (req, res) => {
      const userId = currentUserId(req);
      const { limit, offset } = queryOf(res, 'listMedia');
      const [items, subscription] = await Promise.all([
        library().find({ userId }, { sort: { createdAt: -1 }, limit: MEDIA_LIBRARY_MAX_ITEMS }),
        deps.docs.collection<SubscriptionViewDoc>(COLLECTIONS.subscriptionView).get(userId),
      ]);
      const plan = findPlan(subscription ? effectivePlan(subscription, deps.urls.now().toISOString()) : 'FREE');
      res.json(presentMediaLibraryPage(items, { limit, offset }, plan.storageBytes, deps.urls));
    },

    mediaThumbnail: async (req, res) => {
      const { userId, id } = req.params;
      if (!verifySignedPath(deps.urls.signingKey, mediaThumbnailPath(userId, id), req.query.exp, req.query.sig)) {
        throw new ForbiddenError('This media link has expired. Reload the page to get a new one.');
      }
      if (!/^[0-9a-f-]{36}$/.test(id)) throw new NotFoundError('Not found');
      await sendBlob(deps.blobs, `${mediaBlobPrefix(userId, id)}thumbnail.jpg`, req.get('range'), res, { 'cache-control': 'private, max-age=3600' });
    },
  };
}
