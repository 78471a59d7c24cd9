import { COLLECTIONS, type VideoListDoc } from '@app/domain';
import { currentUserId, type DocumentStore, type HandlersOf } from '@app/platform';
import { presentVideoListItem } from './presenter';

/** GET /api/video/videos: the user's videos, newest first. */
export function videoListHandlers({ docs }: { docs: DocumentStore }): HandlersOf<'listVideos'> {
  return {
    listVideos: async (req, res) => {
      const userId = currentUserId(req);
      const found = await docs.collection<VideoListDoc>(COLLECTIONS.videoList).find({ userId }, { sort: { createdAt: -1 } });
      res.json({ videos: found.map(presentVideoListItem) });
    },
  };
}
