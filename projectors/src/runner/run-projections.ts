import { READ_MODELS_CHECKPOINT } from '@app/domain';
import type { DocumentStore, EventStore, Logger, RecordedEvent, Subscription } from '@app/platform';
import { checkpointWriter, metrics, subscriptionLogs, traceFields } from '@app/platform';
import type { Projection } from './projection';


/** Events waiting to be projected before the subscription waits for them. */
const MAX_QUEUED = 500;

export interface ProjectionRunner {
  /** Resolves once every event up to `position` is projected (or false after `timeoutMs`). */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  /** The last projected position. */
  position(): number;
  /** Runs `work` between two events: nothing is projected until it ends (a rebuild's swap). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Subscribes to all events from the saved checkpoint and feeds each to the projections that
 * handle it, the events of one turn of the event loop in one batch of the read models; the
 * checkpoint follows within a few milliseconds (one write for many events under load). Replaying
 * an event is harmless because each document remembers the last position it applied.
 */
export async function runProjections(input: {
  eventStore: EventStore;
  docs: DocumentStore;
  projections: readonly Projection[];
  logger: Logger;
  checkpointName?: string;
}): Promise<ProjectionRunner> {
  const { eventStore, docs, projections, logger } = input;
  const checkpointName = input.checkpointName ?? READ_MODELS_CHECKPOINT;
  const log = logger.child({ category: 'projections' });
  let position = await docs.getCheckpoint(checkpointName);
  const waiters = new Set<{ position: number; resolve: (ok: boolean) => void }>();
  const logs = subscriptionLogs(log);
  const checkpoint = checkpointWriter(docs, checkpointName, { onError: logs.onCheckpointError });

  // Events and exclusive work take turns, one at a time.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(work, work);
    turn = run.catch(() => undefined);
    return run;
  };

  const settle = () => {
    for (const w of waiters) if (position >= w.position) { waiters.delete(w); w.resolve(true); }
  };

  /** One event through every projection that handles it. */
  const project = async (event: RecordedEvent) => {
    for (const projection of projections) {
      if (!projection.handles.includes(event.type)) continue;
      try {
        await projection.apply(event, docs);
      } catch (error) {
        // A recorded event is a fact: a projection that cannot apply it logs and moves on.
        log.error({ err: error, projection: projection.name, eventType: event.type, position: event.position, ...traceFields(event.metadata) }, 'Projection failed on an event; skipped');
        metrics.projectionFailures.inc({ projection: projection.name });
      }
    }
    metrics.eventsProjected.inc({ type: event.type });
    metrics.projectionLag.observe(Math.max(0, Date.now() - Date.parse(event.recordedAt)) / 1000);
  };

  // The events the subscription delivers are projected together, in one batch of the read models
  // (one commit on SQLite, not one per document): once it has delivered what it read (caught up),
  // once MAX_QUEUED wait (the subscription then waits for them, so a catch-up never holds more in
  // memory), or at the end of the turn of the event loop, whichever comes first.
  const queue: RecordedEvent[] = [];
  let draining: Promise<void> | null = null;
  let startNow: (() => void) | null = null;
  const drain = (now: boolean): Promise<void> => {
    if (!draining) {
      const start = new Promise<void>((resolve) => {
        startNow = resolve;
        setImmediate(resolve);
      });
      draining = start.then(() => inTurn(async () => {
        draining = null;
        startNow = null;
        const batch = queue.splice(0);
        if (batch.length === 0) return;
        const last = batch[batch.length - 1].position;
        try {
          await docs.batch(async () => {
            for (const event of batch) await project(event);
          });
        } catch (error) {
          // The commit itself failed (each projection's own failures are caught above): as for one
          // event a projection cannot apply, logged and passed; a rebuild brings the read models back.
          log.error({ err: error, from: batch[0].position, to: last }, 'Projection batch could not be written; its events were skipped');
          metrics.projectionFailures.inc({ projection: 'batch' });
        }
        metrics.projectionPosition.set(last);
        checkpoint.advance(last);
        if (last > position) position = last;
        settle();
      }));
    }
    if (now) startNow?.();
    return draining;
  };

  const subscription: Subscription = eventStore.subscribeToAll({
    after: position,
    handler: (event: RecordedEvent) => {
      queue.push(event);
      const full = queue.length >= MAX_QUEUED;
      const drained = drain(full);
      return full ? drained : Promise.resolve();
    },
    // Caught up once what was delivered is projected.
    onCaughtUp: (head) => {
      void drain(true).then(() => {
        if (head > position) position = head;
        settle();
      });
    },
    onError: (error) => log.error({ err: error }, 'Projection subscription stopped'),
    onReadError: logs.onReadError,
  });

  return {
    position: () => position,
    exclusive: (work) => inTurn(work),
    waitFor(target, timeoutMs) {
      if (position >= target) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = { position: target, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) resolve(false);
        }, timeoutMs).unref();
      });
    },
    async stop() {
      await subscription.stop();
      // What was delivered is projected before the checkpoint is written for the last time.
      await drain(true);
      await checkpoint.flush();
      for (const w of waiters) w.resolve(false);
      waiters.clear();
    },
  };
}

/** Clear the projections' collections and replay every event from position 0. */
export async function rebuildProjections(input: { eventStore: EventStore; docs: DocumentStore; projections: readonly Projection[]; logger: Logger; checkpointName?: string }): Promise<number> {
  const { eventStore, docs, projections } = input;
  for (const projection of projections) for (const name of projection.collections) await docs.collection(name).clear();
  let after = 0;
  for (;;) {
    const batch = await eventStore.readAll({ after, maxCount: 1000 });
    if (batch.length === 0) break;
    for (const event of batch) {
      for (const projection of projections) if (projection.handles.includes(event.type)) await projection.apply(event, docs);
      after = event.position;
    }
  }
  await docs.setCheckpoint(input.checkpointName ?? READ_MODELS_CHECKPOINT, after);
  return after;
}
