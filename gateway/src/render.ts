import { createRenderWorkers, loadRenderWorkersConfig } from '@app/render-workers';
import { publishPreviews } from '@app/render-workers/src/publish-previews';
import type { HealthCheck } from '@app/query-api';
import type { Infra } from '@app/platform';
import { binaryCheck } from './health';
import type { Stoppable } from './embedded';

/** Render workers in this process (embedded mode), and their previews published in the background. */
export async function startEmbeddedRenderWorkers(infra: Infra, env: Record<string, string | undefined>): Promise<Stoppable> {
  const config = loadRenderWorkersConfig({ WORK_DIR: `${infra.config.dataDir}/render-work`, ...env });
  const workers = createRenderWorkers(config, { bus: infra.bus, blobs: infra.blobs, logger: infra.logger });
  await workers.start();
  const previews = new AbortController();
  const publishing = publishPreviews(workers, infra.blobs, infra.logger, previews.signal);
  return {
    async stop() {
      previews.abort();
      await publishing.catch(() => undefined);
      await workers.stop();
    },
  };
}

/** The renderer's tools, as service-status entries. */
export function rendererHealthChecks(): Record<string, HealthCheck> {
  return {
    renderer: binaryCheck('ffmpeg', ['-version']),
    narration: binaryCheck('espeak-ng', ['--version']),
  };
}
