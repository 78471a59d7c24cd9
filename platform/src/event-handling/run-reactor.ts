import type { DocumentStore } from '../document-store/port';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/port';
import type { Logger } from '../logging/logger';
import { checkpointWriter } from './checkpoint-writer';
import { subscriptionLogs } from './subscription-logs';

/**
 * A reactor acts on events outside the read models (publishes to the bus, frees media) with its
 * own checkpoint, saved only after `react` resolves (at most every few milliseconds under load):
 * at-least-once. Reactions must be idempotent.
 * A failing reaction is retried with backoff; the subscription does not move past it.
 */
export async function runReactor(input: {
  name: string;
  eventStore: EventStore;
  docs: DocumentStore;
  handles: readonly string[];
  react: (event: RecordedEvent) => Promise<void>;
  logger: Logger;
  maxBackoffMs?: number;
}): Promise<Subscription> {
  const log = input.logger.child({ category: input.name });
  const after = await input.docs.getCheckpoint(input.name);
  let stopping = false;
  const logs = subscriptionLogs(log);
  const checkpoint = checkpointWriter(input.docs, input.name, { onError: logs.onCheckpointError });
  const subscription = input.eventStore.subscribeToAll({
    after,
    handler: async (event) => {
      if (input.handles.includes(event.type)) {
        for (let attempt = 0; ; attempt++) {
          try {
            await input.react(event);
            break;
          } catch (error) {
            if (stopping) throw error;
            const delay = Math.min(input.maxBackoffMs ?? 5000, 100 * 2 ** attempt);
            log.warn({ err: error, position: event.position, attempt, delay }, 'Reaction failed; retrying');
            await new Promise((r) => setTimeout(r, delay));
          }
        }
      }
      checkpoint.advance(event.position);
    },
    onError: (error) => log.error({ err: error }, 'Reactor stopped'),
    onReadError: logs.onReadError,
  });
  return {
    async stop() {
      stopping = true;
      await subscription.stop();
      await checkpoint.flush();
    },
  };
}
