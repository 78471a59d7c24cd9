import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { documentStoreLease, postgresLease, runWithLease, type Infra } from '@app/platform';
import { runMediaJanitor } from './media-janitor/media-janitor';
import { runRenderRelay } from './render-relay/render-relay';
import { PROJECTIONS } from './index';
import { runProjections } from './runner/run-projections';

/**
 * Projectors as a scalable service: every process competes for one lease; the holder runs the
 * read-model projections, the render relay and the media janitor; the others stand by and take
 * over within the lease's ttl if it dies. (A single leader keeps the global order of events
 * simple; per-document positions make any overlap at a hand-over harmless.)
 */
export function startProjectorService(infra: Infra, options: { holder?: string; ttlMs?: number } = {}) {
  const { eventStore, docs, bus, blobs, logger } = infra;
  const ttlMs = options.ttlMs ?? 10_000;
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  // With PostgreSQL at hand, a session advisory lock is the sturdiest election (freed when the
  // holder's connection dies); otherwise a ttl lease on the document store.
  const url = infra.config.eventStoreUrl;
  const lease = /^postgres(ql)?:\/\//.test(url) ? postgresLease(url.split('?')[0], 'projectors') : documentStoreLease(docs, 'projectors', holder, ttlMs);
  return runWithLease({
    lease,
    checkEveryMs: Math.floor(ttlMs / 3),
    logger,
    lead: async () => {
      const parts = [
        await runProjections({ eventStore, docs, projections: PROJECTIONS, logger }),
        await runRenderRelay({ eventStore, docs, bus, logger }),
        await runMediaJanitor({ eventStore, docs, blobs, logger }),
      ];
      return { stop: async () => { for (const p of parts.reverse()) await p.stop(); } };
    },
  });
}
