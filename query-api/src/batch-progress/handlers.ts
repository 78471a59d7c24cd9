import { BATCH_MESSAGES, COLLECTIONS, NotFoundError, SERIES_ERRORS, presentBatch, type SeriesBatchDoc, type SeriesViewDoc } from '@app/domain';
import { currentUserId, paramsOf, type DocumentStore, type HandlersOf } from '@app/platform';

/** How many of a series' batches the list answers (the newest). */
export const BATCHES_LISTED = 20;

/** GET /api/series/:id/batch and GET /api/series/:id/batch/:batchId: a series' batches and their progress (issue 18). */
export function batchProgressHandlers(deps: { docs: DocumentStore }): HandlersOf<'listBatches' | 'getBatch'> {
  const batches = () => deps.docs.collection<SeriesBatchDoc>(COLLECTIONS.seriesBatches, { indexes: [['seriesId'], ['userId']] });
  const ownSeries = async (seriesId: string, userId: string) => {
    const series = await deps.docs.collection<SeriesViewDoc>(COLLECTIONS.seriesView, { indexes: [['userId']] }).get(seriesId);
    if (!series || series.userId !== userId) throw new NotFoundError(SERIES_ERRORS.notFound);
  };
  return {
    listBatches: async (req, res) => {
      const userId = currentUserId(req);
      await ownSeries(req.params.id, userId);
      const docs = await batches().find({ seriesId: req.params.id }, { sort: { createdAt: -1 }, limit: BATCHES_LISTED });
      res.json({ batches: docs.filter((doc) => doc.userId === userId).map(presentBatch) });
    },
    getBatch: async (req, res) => {
      const userId = currentUserId(req);
      const { id: seriesId, batchId } = paramsOf(res, 'getBatch');
      await ownSeries(seriesId, userId);
      const doc = await batches().get(batchId);
      if (!doc || doc.userId !== userId || doc.seriesId !== seriesId) throw new NotFoundError(BATCH_MESSAGES.notFound);
      res.json(presentBatch(doc));
    },
  };
}
