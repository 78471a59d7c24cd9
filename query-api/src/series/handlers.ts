import { Router } from 'express';
import { COLLECTIONS, NotFoundError, type SeriesViewDoc, type SubscriptionViewDoc } from '@app/domain';
import { authenticate, currentUserId, type DocumentStore, type SessionTokens } from '@app/platform';
import { presentSeries } from './presenter';

/** GET /api/series and GET /api/series/:id: the Series home (next post time, recent posts). */
export function createSeriesQueryRouter(deps: { docs: DocumentStore; tokens: SessionTokens; now?: () => Date }): Router {
  const router = Router();
  const auth = authenticate(deps.tokens);
  const now = deps.now ?? (() => new Date());
  const subscriptionOf = (userId: string) => deps.docs.collection<SubscriptionViewDoc>(COLLECTIONS.subscriptionView).get(userId);
  const series = () => deps.docs.collection<SeriesViewDoc>(COLLECTIONS.seriesView, { indexes: [['userId']] });

  router.get('/series', auth, async (req, res) => {
    const userId = currentUserId(req);
    const [docs, sub] = await Promise.all([series().find({ userId }, { sort: { createdAt: -1 } }), subscriptionOf(userId)]);
    res.json({ series: docs.map((d) => presentSeries(d, sub, now())) });
  });

  router.get('/series/:id', auth, async (req, res) => {
    const userId = currentUserId(req);
    const doc = await series().get(req.params.id as string);
    if (!doc || doc.userId !== userId) throw new NotFoundError('Series not found');
    res.json(presentSeries(doc, await subscriptionOf(userId), now()));
  });
  return router;
}
