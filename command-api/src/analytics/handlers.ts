import { projectionDecider, projectionStreamId, type ProjectionCommand } from '@app/domain';
import { analystOf, commandMetadata, handle, paramsOf, type EventStore, type HandlersOf } from '@app/platform';

/**
 * POST /api/analytics/projections/:name/rebuild (analyst) → 202. Records the request in the read
 * model's own stream; the projectors' leader picks it up, rebuilds beside the live read model and
 * swaps. 404 for an unknown read model, 409 while a rebuild of it is still running.
 */
export function rebuildHandlers({ eventStore, now }: { eventStore: EventStore; now: () => Date }): HandlersOf<'rebuildProjection'> {
  return {
    rebuildProjection: async (req, res) => {
      const { name } = paramsOf(res, 'rebuildProjection');
      const { userId } = analystOf(res);
      const command: ProjectionCommand = { type: 'RequestRebuild', data: { name, requestedBy: userId }, metadata: commandMetadata({ userId, correlationId: req.correlationId, now: now() }) };
      const result = await handle(eventStore, projectionStreamId(name), projectionDecider, command);
      res.status(202).json({ name, status: 'rebuilding', position: result.position });
    },
  };
}
