import { READ_MODELS_CHECKPOINT } from '@app/domain';
import { documentStoreLease, holderName, postgresLease, runWithLease, startStatusReporter, type Infra } from '@app/platform';
import type { ProjectorsConfig } from './config';
import { runMediaJanitor } from './media-janitor/media-janitor';
import { PROJECTIONS } from './projections';
import { PROJECTION_REBUILDS, runRebuilds } from './rebuild/rebuild-reactor';
import { RENDER_RELAY_CHECKPOINT, runRenderRelay } from './render-relay/render-relay';
import { MEDIA_JANITOR } from './media-janitor/media-janitor';
import { runProjections, type ProjectionRunner } from './runner/run-projections';

export interface ProjectorService {
  /** How far the read models are projected; waits are answered the moment a position is applied here. */
  position(): Promise<number>;
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  isLeader(): boolean;
  stop(): Promise<void>;
}

/**
 * The projectors, composed once for both ways to run: every process competes for one lease; the
 * holder runs the read-model projections, the render relay and the media janitor; the others
 * stand by and take over within the lease's ttl if it dies (at once when it died on this
 * machine). A single leader keeps the global order of events simple; per-document positions make
 * any overlap at a hand-over harmless.
 */
export function createProjectorService(config: ProjectorsConfig, infra: Infra): ProjectorService {
  const { eventStore, docs, bus, blobs, logger } = infra;
  const ttlMs = config.projectors.leaseMs;
  // With PostgreSQL at hand, a session advisory lock is the sturdiest election (freed when the
  // holder's connection dies); otherwise a ttl lease on the document store.
  const url = config.infra.eventStoreUrl;
  const lease = /^postgres(ql)?:\/\//.test(url) ? postgresLease(url.split('?')[0], 'projectors') : documentStoreLease(docs, 'projectors', holderName(), ttlMs);
  let runner: ProjectionRunner | null = null;
  const leader = runWithLease({
    lease,
    checkEveryMs: Math.floor(ttlMs / 3),
    logger,
    lead: async () => {
      const live = await runProjections({ eventStore, docs, projections: PROJECTIONS, logger });
      runner = live;
      let beat = async (): Promise<void> => undefined;
      const rebuilds = await runRebuilds({ eventStore, docs, projections: PROJECTIONS, runner: live, logger, onProgress: () => beat() });
      const reporter = startStatusReporter({
        docs,
        logger,
        intervalMs: config.projectors.statusIntervalMs,
        entries: async () => [
          ...PROJECTIONS.map((p) => ({ name: p.name, kind: 'read-model' as const, position: live.position(), rebuild: rebuilds.running().get(p.name) ?? null, rebuiltAt: rebuilds.rebuiltAt().get(p.name) })),
          ...(await Promise.all([RENDER_RELAY_CHECKPOINT, MEDIA_JANITOR, PROJECTION_REBUILDS].map(async (name) => ({ name, kind: 'reactor' as const, position: await docs.getCheckpoint(name) })))),
        ],
      });
      beat = () => reporter.beat();
      const parts = [live, await runRenderRelay({ eventStore, docs, bus, logger }), await runMediaJanitor({ eventStore, docs, blobs, logger }), rebuilds, reporter];
      return {
        stop: async () => {
          runner = null;
          for (const part of parts.reverse()) await part.stop();
        },
      };
    },
  });
  const checkpoint = () => docs.getCheckpoint(READ_MODELS_CHECKPOINT);
  return {
    isLeader: leader.isLeader,
    position: async () => runner?.position() ?? checkpoint(),
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      // Until this process leads (at start), follow the checkpoint; then wait on the runner.
      while (!runner && Date.now() < deadline) {
        if ((await checkpoint()) >= position) return true;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return runner ? runner.waitFor(position, Math.max(0, deadline - Date.now())) : (await checkpoint()) >= position;
    },
    stop: () => leader.stop(),
  };
}
