import {
  COLLECTIONS, ForbiddenError, NotFoundError, effectivePlan, findPlan, mediaBlobPrefix, mediaThumbnailPath, type MediaLibraryDoc, type SubscriptionViewDoc,
} from '@app/domain';
import { currentUserId, verifySignedPath, type BlobStore, type DocumentStore, type HandlersOf } from '@app/platform';
import { sendBlob } from '../media/handlers';
import { presentMediaItem, type MediaUrls } from './presenter';

/**
 * GET /api/media: the creator's own library (theirs only), newest first, with the storage it
 * takes against the plan's quota; GET /api/media/thumbnail/:userId/:id: an item's thumbnail, by
 * the signed URL the list hands out.
 */
export function mediaLibraryHandlers(deps: { docs: DocumentStore; blobs: BlobStore; urls: MediaUrls }): HandlersOf<'listMedia' | 'mediaThumbnail'> {
  const library = () => deps.docs.collection<MediaLibraryDoc>(COLLECTIONS.mediaLibrary, { indexes: [['userId']] });
  return {
    listMedia: async (req, res) => {
      const userId = currentUserId(req);
      const [items, subscription] = await Promise.all([
        library().find({ userId }, { sort: { createdAt: -1 } }),
        deps.docs.collection<SubscriptionViewDoc>(COLLECTIONS.subscriptionView).get(userId),
      ]);
      const plan = findPlan(subscription ? effectivePlan(subscription, deps.urls.now().toISOString()) : 'FREE');
      res.json({
        media: items.map((doc) => presentMediaItem(doc, deps.urls)),
        usedBytes: items.reduce((sum, doc) => sum + doc.bytes, 0),
        storageBytes: plan.storageBytes,
      });
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
