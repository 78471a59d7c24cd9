import { currentUserId, type DocumentStore, type HandlersOf } from '@app/platform';
import { presentVideoStats, subscriptionStateOf } from './presenter';

/** GET /api/video/stats: the counter of the dashboard's header. */
export function videoStatsHandlers({ docs, now }: { docs: DocumentStore; now: () => Date }): HandlersOf<'videoStats'> {
  return {
    videoStats: async (req, res) => {
      res.json(presentVideoStats(await subscriptionStateOf(docs, currentUserId(req)), now()));
    },
  };
}
