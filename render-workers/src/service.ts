import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Infra } from '@app/platform';
import type { RenderWorkersServiceConfig } from './config';
import { DEFAULT_TTS_MODEL_DIR, NeuralModelError, verifyKokoroFiles } from './stages/narration/kokoro/files';
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
  // The offline narrator picks its voice now (neural, or espeak-ng with a warning naming the bad file).
  await workers.providers.offlineNarrator.ready?.();
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

/**
 * The narration entry of GET /api/service-status, with a detail saying which voice narrates. With
 * the neural voice chosen (VOICE_PROVIDER=kokoro), its files are verified here as the render workers
 * verify them (hashed once, again when one changes), so a missing or corrupt file shows as espeak-ng
 * with the reason; the answer is public, so the file is named inside TTS_MODEL_DIR, not by its path.
 */
function narrationCheck(config: RenderWorkersServiceConfig): () => Promise<{ available: boolean; detail?: string }> {
  const espeak = binaryCheck('espeak-ng', ['--version']);
  const provider = config.render.providers.VOICE_PROVIDER;
  const dir = config.render.tts.modelDir ?? DEFAULT_TTS_MODEL_DIR;
  const neural = provider === 'kokoro';
  // Started now, so the first status request rarely waits for the model's hash.
  let verifying = neural ? verifyKokoroFiles(dir) : null;
  verifying?.catch(() => undefined);
  return async () => {
    if (provider === 'openai' || provider === 'elevenlabs') {
      const previews = await espeak();
      return { available: true, detail: `${provider} (voice previews: ${previews.available ? 'espeak-ng' : 'unavailable, espeak-ng is missing'})` };
    }
    if (!neural) return { ...(await espeak()), detail: 'espeak-ng' };
    try {
      await (verifying ??= verifyKokoroFiles(dir));
      return { available: true, detail: 'neural voices (Kokoro-82M v1.0, offline)' };
    } catch (error) {
      const reason = error instanceof NeuralModelError ? error.publicMessage : 'its files could not be read';
      return { ...(await espeak()), detail: `espeak-ng: neural voices unavailable (${reason})` };
    } finally {
      // A later request checks again (cheaply: unchanged files are not hashed twice), so a repaired file shows.
      verifying = null;
    }
  };
}

/** The renderer's tools, as service-status entries. */
export function rendererHealthChecks(config: RenderWorkersServiceConfig) {
  return {
    renderer: binaryCheck(config.render.tools.ffmpeg, ['-version']),
    narration: narrationCheck(config),
  };
}
