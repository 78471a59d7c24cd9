import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { HealthCheck } from '@app/query-api';
import type { Infra } from '@app/platform';

const run = promisify(execFile);

/** A program on PATH answers `-version`/`--version`. Cached once it answered. */
export function binaryCheck(command: string, args: string[] = ['-version']): HealthCheck {
  let ok = false;
  return async () => {
    if (ok) return { available: true };
    await run(command, args, { timeout: 3000 });
    ok = true;
    return { available: true };
  };
}

/** The checks behind GET /api/service-status for a process that runs the whole product. */
export function embeddedHealthChecks(infra: Infra, extra: Record<string, HealthCheck> = {}): Record<string, HealthCheck> {
  return {
    eventStore: async () => ({ available: (await infra.eventStore.headPosition()) >= 0, detail: infra.eventStore.kind }),
    readModels: async () => ({ available: (await infra.docs.getCheckpoint('read-models')) >= 0, detail: infra.docs.kind }),
    messageBus: async () => ({ available: true, detail: infra.bus.kind }),
    mediaStorage: async () => {
      await infra.blobs.stat('health-check'); // throws when the storage is unreachable
      return { available: true, detail: infra.blobs.kind };
    },
    ...extra,
  };
}
