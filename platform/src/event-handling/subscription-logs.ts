import type { Logger } from '../logging/logger';

/**
 * What the owner of a subscription (the projections, a reactor) logs when its store cannot be read
 * or its checkpoint cannot be saved: the first failure and every twentieth, not one line per retry.
 */
export function subscriptionLogs(log: Logger): { onReadError: (error: unknown, failures: number) => void; onCheckpointError: (error: unknown) => void } {
  return {
    onReadError: (error, failures) => {
      if (failures === 1 || failures % 20 === 0) log.warn({ err: error, failures }, 'Reading the event store failed; retrying');
    },
    onCheckpointError: (error) => log.warn({ err: error }, 'Checkpoint not saved; a restart replays from the last one'),
  };
}
