import { COLLECTIONS, NotFoundError, type SeriesViewDoc, type SubscriptionViewDoc } from '@app/domain';
import { currentUserId, type DocumentStore, type HandlersOf } from '@app/platform';
import { presentSeries } from './presenter';

/** GET /api/series and GET /api/series/:id: the Series home (next post time, recent posts). */
export function seriesHandlers(deps: { docs: DocumentStore; now: () => Date }): HandlersOf<'listSeries' | 'getSeries'> {
  const subscriptionOf = (userId: string) => deps.docs.collection<SubscriptionViewDoc>(COLLECTIONS.subscriptionView).get(userId);
  const series = () => deps.docs.collection<SeriesViewDoc>(COLLECTIONS.seriesView, { indexes: [['userId']] });
  return {
    listSeries: async (req, res) => {
      const userId = currentUserId(req);
      const [docs, sub] = await Promise.all([series().find({ userId }, { sort: { createdAt: -1 } }), subscriptionOf(userId)]);
      res.json({ series: docs.map((d) => presentSeries(d, sub, deps.now())) });
    },
    getSeries: async (req, res) => {
      const userId = currentUserId(req);
      const doc = await series().get(req.params.id);
      if (!doc || doc.userId !== userId) throw new NotFoundError('Series not found');
      res.json(presentSeries(doc, await subscriptionOf(userId), deps.now()));
    },
  };
}
