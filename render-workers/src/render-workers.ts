import type { BlobStore, Logger, MessageBus } from '@app/platform';
import type { RenderWorkersConfig } from './config';
import { createRenderPipeline, type RenderPipeline } from './pipeline/render-pipeline';
import { selectProviders, type Providers } from './providers';
import { createCaptionPreviews, type CaptionPreviews } from './stages/captions/preset-preview';
import { createStylePreviews, type StylePreviews } from './stages/images/style-preview';
import { createVoicePreviews, type VoicePreviews } from './stages/narration/voice-preview';
import { startRenderWorker, type RenderWorker } from './worker/render-worker';

export interface RenderWorkersDeps {
  bus: MessageBus;
  blobs: BlobStore;
  logger: Logger;
  /** Override providers (tests); chosen from the config otherwise. */
  providers?: Providers;
}

export interface RenderWorkers {
  readonly pipeline: RenderPipeline;
  readonly providers: Providers;
  /** `/api/voices/:id/preview`: cached MP3 per catalogue voice. */
  readonly voicePreviews: VoicePreviews;
  /** `/api/art-styles/:id/preview`: cached JPEG per art style. */
  readonly stylePreviews: StylePreviews;
  /** `/api/caption-presets/:id/preview`: cached JPEG per caption preset. */
  readonly captionPreviews: CaptionPreviews;
  /** Joins the consumer group with `config.concurrency` renders at once. */
  start(): Promise<RenderWorker>;
  stop(): Promise<void>;
}

/** The render workers' composition: providers from config, the pipeline, the worker and the previews. */
export function createRenderWorkers(config: RenderWorkersConfig & { workDir: string }, deps: RenderWorkersDeps): RenderWorkers {
  const logger = deps.logger;
  const providers = deps.providers ?? selectProviders(config, logger);
  const pipeline = createRenderPipeline({ ...providers, blobs: deps.blobs, workDir: config.workDir, logger, tools: config.tools, encode: { preset: config.preset, crf: config.crf } });
  const previewCacheDir = config.previewCacheDir ?? `${config.workDir}/previews`;
  let worker: RenderWorker | null = null;
  return {
    pipeline,
    providers,
    voicePreviews: createVoicePreviews({ narrator: providers.offlineNarrator, cacheDir: `${previewCacheDir}/voices`, tools: config.tools }),
    stylePreviews: createStylePreviews({ cacheDir: `${previewCacheDir}/art-styles`, tools: config.tools }),
    captionPreviews: createCaptionPreviews({ cacheDir: `${previewCacheDir}/caption-presets`, tools: config.tools }),
    async start() {
      if (worker) return worker;
      worker = await startRenderWorker({ bus: deps.bus, pipeline, logger, workerId: config.workerId, maxAttempts: config.maxAttempts, backoff: config.backoff, concurrency: config.concurrency });
      return worker;
    },
    async stop() {
      await worker?.stop({ drain: false });
      worker = null;
    },
  };
}
