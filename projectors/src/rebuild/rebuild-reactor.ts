import { projectionDecider, projectionStreamId, type ProjectionCommand, type ProjectionStatusDoc } from '@app/domain';
import { commandMetadata, handle, loadState, runReactor, type DocumentStore, type EventStore, type Logger, type Subscription } from '@app/platform';
import type { Projection } from '../runner/projection';
import type { ProjectionRunner } from '../runner/run-projections';
import { rebuildBesideLive } from './rebuild';

export const PROJECTION_REBUILDS = 'projection-rebuilds';

export interface RebuildProgress {
  /** The rebuild under way, by read model name. */
  running(): Map<string, NonNullable<ProjectionStatusDoc['rebuild']>>;
  /** When each read model was last rebuilt by this process. */
  rebuiltAt(): Map<string, string>;
}

/**
 * Runs the rebuilds analysts ask for (ProjectionRebuildRequested), one at a time, and records
 * how each ended in the read model's stream. A leader that dies mid-way never saved its
 * checkpoint past the request, so the next leader runs it again.
 */
export async function runRebuilds(input: {
  eventStore: EventStore;
  docs: DocumentStore;
  projections: readonly Projection[];
  runner: ProjectionRunner;
  logger: Logger;
  /** Called after each step, for the status heartbeat. */
  onProgress?: () => Promise<void>;
}): Promise<Subscription & RebuildProgress> {
  const { eventStore, docs, projections, runner, logger } = input;
  const log = logger.child({ category: PROJECTION_REBUILDS });
  const running = new Map<string, NonNullable<ProjectionStatusDoc['rebuild']>>();
  const rebuiltAt = new Map<string, string>();
  const record = (command: ProjectionCommand) => handle(eventStore, projectionStreamId(command.data.name), projectionDecider, command);

  const subscription = await runReactor({
    name: PROJECTION_REBUILDS,
    eventStore,
    docs,
    logger,
    handles: ['ProjectionRebuildRequested'],
    react: async (event) => {
      const name = event.data.name as string;
      const { state } = await loadState(eventStore, projectionStreamId(name), projectionDecider);
      const projection = projections.find((p) => p.name === name);
      if (!state.running || !projection) return;
      const metadata = () => commandMetadata({ userId: event.data.requestedBy, correlationId: event.metadata.correlationId, causationId: event.id });
      log.info({ projection: name, requestedBy: event.data.requestedBy }, 'Rebuilding a read model beside the live one');
      running.set(name, { position: 0, target: await eventStore.headPosition(), startedAt: new Date().toISOString() });
      try {
        const result = await rebuildBesideLive({
          eventStore, docs, projection, runner,
          onProgress: async (position, target) => {
            running.set(name, { ...running.get(name)!, position, target });
            await input.onProgress?.();
          },
        });
        const done = await record({ type: 'CompleteRebuild', data: { name, ...result }, metadata: metadata() });
        rebuiltAt.set(name, done.events[0]?.type === 'ProjectionRebuilt' ? done.events[0].data.at : new Date().toISOString());
        log.info({ projection: name, ...result }, 'Read model rebuilt and swapped in');
      } catch (error) {
        log.error({ err: error, projection: name }, 'Rebuild failed; the live read model keeps serving');
        await record({ type: 'FailRebuild', data: { name, reason: error instanceof Error ? error.message : String(error) }, metadata: metadata() });
      } finally {
        running.delete(name);
        await input.onProgress?.();
      }
    },
  });
  return { stop: () => subscription.stop(), running: () => running, rebuiltAt: () => rebuiltAt };
}
