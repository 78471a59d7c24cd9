import { PROJECTION_STATUS_COLLECTION, type ProjectionStatusDoc } from '@app/domain';
import type { DocumentStore } from '../document-store/port';
import type { Logger } from '../logging/logger';

export interface StatusEntry {
  name: string;
  kind: ProjectionStatusDoc['kind'];
  position: number;
  rebuild?: ProjectionStatusDoc['rebuild'];
  /** Set when a rebuild just finished. */
  rebuiltAt?: string;
}

export interface StatusReporter {
  /** Write now (after a rebuild step or its end) instead of at the next beat. */
  beat(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The heartbeat behind GET /api/analytics/projections: every `intervalMs` the process that runs
 * some read models or reactors writes where each one is and how fast it moves. A status that stops
 * being written shows as `stopped` (PROJECTION_STALE_MS).
 */
export function startStatusReporter(input: { docs: DocumentStore; logger: Logger; entries: () => Promise<StatusEntry[]>; intervalMs?: number; now?: () => Date }): StatusReporter {
  const statuses = input.docs.collection<ProjectionStatusDoc>(PROJECTION_STATUS_COLLECTION);
  const now = input.now ?? (() => new Date());
  const last = new Map<string, { position: number; at: number }>();
  // When each was last rebuilt: read once (an earlier leader may have written it), then kept here.
  const rebuiltAt = new Map<string, string | null>();
  let stopped = false;
  let writing: Promise<void> = Promise.resolve();

  const write = async () => {
    const at = now();
    for (const entry of await input.entries()) {
      const previous = last.get(entry.name);
      const seconds = previous ? (at.getTime() - previous.at) / 1000 : 0;
      const eventsPerSecond = previous && seconds > 0 ? Math.max(0, Math.round(((entry.position - previous.position) / seconds) * 10) / 10) : 0;
      last.set(entry.name, { position: entry.position, at: at.getTime() });
      if (entry.rebuiltAt) rebuiltAt.set(entry.name, entry.rebuiltAt);
      else if (!rebuiltAt.has(entry.name)) rebuiltAt.set(entry.name, (await statuses.get(entry.name))?.rebuiltAt ?? null);
      await statuses.upsert(entry.name, {
        kind: entry.kind,
        position: entry.position,
        eventsPerSecond,
        updatedAt: at.toISOString(),
        rebuiltAt: rebuiltAt.get(entry.name) ?? null,
        rebuild: entry.rebuild ?? null,
      });
    }
  };
  const beat = () => {
    writing = writing.then(write).catch((error: unknown) => input.logger.warn({ err: error, category: 'projection-status' }, 'Could not write the projections status'));
    return writing;
  };
  const timer = setInterval(() => void (stopped || beat()), input.intervalMs ?? 2000);
  timer.unref();
  void beat();
  return {
    beat,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await writing;
    },
  };
}
