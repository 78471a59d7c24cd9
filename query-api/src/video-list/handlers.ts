import { Router } from 'express';
import { COLLECTIONS, type VideoListDoc, type VideoListItem } from '@app/domain';
import { authenticate, currentUserId, type DocumentStore, type SessionTokens } from '@app/platform';

export function presentVideoListItem(doc: VideoListDoc): VideoListItem {
  return { _id: doc._id, title: doc.title, createdAt: doc.createdAt, aspectRatio: doc.aspectRatio, duration: doc.duration, status: doc.status ?? 'start', seriesId: doc.seriesId };
}

/** GET /api/video/videos: the user's videos, newest first. */
export function createVideoListRouter({ docs, tokens }: { docs: DocumentStore; tokens: SessionTokens }): Router {
  const router = Router();
  router.get('/video/videos', authenticate(tokens), async (req, res) => {
    const userId = currentUserId(req);
    const docsFound = await docs.collection<VideoListDoc>(COLLECTIONS.videoList).find({ userId }, { sort: { createdAt: -1 } });
    res.json({ videos: docsFound.map(presentVideoListItem) });
  });
  return router;
}
