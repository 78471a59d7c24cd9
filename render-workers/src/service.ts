import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Infra } from '@app/platform';
import type { RenderWorkersServiceConfig } from './config';
import { createRenderWorkers, type RenderWorkers } from './render-workers';
import { publishPreviews } from './publish-previews';
import type { Providers } from './providers';

export interface RenderWorkerService {
  readonly workers: RenderWorkers;
  /** Leaves the consumer group: renders in flight are aborted, their messages stay uncommitted for another worker (or this one after a restart). */
  stop(): Promise<void>;
}

/**
 * The render workers, composed once for both ways to run (`npm run start -w render-workers`, and
 * the embedded product's render process): joins the `render-workers` consumer group and
 * publishes any missing voice and style previews in the background.
 */
export async function createRenderWorkerService(config: RenderWorkersServiceConfig, infra: Infra, options: { providers?: Providers } = {}): Promise<RenderWorkerService> {
  const workDir = config.render.workDir ?? join(infra.config.dataDir, 'render-work');
  const workers = createRenderWorkers({ ...config.render, workDir }, { bus: infra.bus, blobs: infra.blobs, logger: infra.logger, providers: options.providers });
  await workers.start();
  const previews = new AbortController();
  const publishing = publishPreviews(workers, infra.blobs, infra.logger, previews.signal);
  infra.logger.info({ workerId: config.render.workerId, bus: infra.bus.kind, concurrency: config.render.concurrency }, 'Render worker started');
  return {
    workers,
    async stop() {
      previews.abort();
      await workers.stop();
      await publishing.catch(() => undefined);
    },
  };
}

/** A check of GET /api/service-status: a program answers its version flag. Cached once it answered. */
function binaryCheck(command: string, args: string[] = ['-version']): () => Promise<{ available: boolean; detail?: string }> {
  const run = promisify(execFile);
  let ok = false;
  return async () => {
    if (ok) return { available: true };
    await run(command, args, { timeout: 3000 });
    ok = true;
    return { available: true };
  };
}

/** The renderer's tools, as service-status entries. */
export function rendererHealthChecks(config: RenderWorkersServiceConfig) {
  return {
    renderer: binaryCheck(config.render.tools.ffmpeg, ['-version']),
    narration: binaryCheck('espeak-ng', ['--version']),
  };
}
