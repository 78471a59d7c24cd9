import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { parseEnv } from '@app/platform/src/config/parse-env';
import { checkProviderEnv, providerEnvSchema, resolveProviderDefaults, type ProviderConfig } from './provider-config';

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const optionalText = z.string().trim().min(1).optional().catch(undefined);

/** Render workers' own settings (the cloud providers' settings come from provider-config). */
export const workerEnvSchema = z.object({
  WORK_DIR: z.string().min(1).default(join(tmpdir(), 'faceless-render')),
  PREVIEW_CACHE_DIR: z.string().min(1).optional(),
  WORKER_ID: z.string().min(1).default(`${hostname()}-${process.pid}`),
  RENDER_CONCURRENCY: int(1, 1),
  RENDER_PRESET: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium']).default('veryfast'),
  RENDER_CRF: int(23, 0).pipe(z.number().max(51)),
  RENDER_SEGMENTS: int(2, 1),
  RENDER_MAX_ATTEMPTS: int(3, 1),
  RENDER_BACKOFF_MS: int(2000, 0),
  RENDER_BACKOFF_MAX_MS: int(30000, 0),
  ESPEAK_TIMINGS_BIN: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Render workers' environment, parsed once; every problem (worker and providers) is listed at once. */
export const renderWorkersEnvSchema = workerEnvSchema.extend(providerEnvSchema.shape).superRefine(checkProviderEnv).transform(resolveProviderDefaults);

export type RenderWorkersEnv = z.infer<typeof renderWorkersEnvSchema>;

export interface RenderWorkersConfig {
  workDir: string;
  previewCacheDir: string;
  workerId: string;
  concurrency: number;
  preset: string;
  crf: number;
  segments: number;
  maxAttempts: number;
  backoff: { initialMs: number; maxMs: number };
  espeakHelper: string | undefined;
  logLevel: string;
  /** Cloud provider selection and settings (offline when no key is set). */
  providers: ProviderConfig;
}

export function loadRenderWorkersConfig(env: Record<string, string | undefined> = process.env): RenderWorkersConfig {
  const e = parseEnv(renderWorkersEnvSchema, env);
  return {
    workDir: e.WORK_DIR,
    previewCacheDir: e.PREVIEW_CACHE_DIR ?? join(e.WORK_DIR, 'previews'),
    workerId: e.WORKER_ID,
    concurrency: e.RENDER_CONCURRENCY,
    preset: e.RENDER_PRESET,
    crf: e.RENDER_CRF,
    segments: e.RENDER_SEGMENTS,
    maxAttempts: e.RENDER_MAX_ATTEMPTS,
    backoff: { initialMs: e.RENDER_BACKOFF_MS, maxMs: e.RENDER_BACKOFF_MAX_MS },
    espeakHelper: e.ESPEAK_TIMINGS_BIN,
    logLevel: e.LOG_LEVEL,
    providers: {
      OPENAI_BASE_URL: e.OPENAI_BASE_URL, OPENAI_API_KEY: e.OPENAI_API_KEY, OPENAI_MODEL: e.OPENAI_MODEL, OPENAI_IMAGE_MODEL: e.OPENAI_IMAGE_MODEL,
      OPENAI_IMAGE_SIZE: e.OPENAI_IMAGE_SIZE, OPENAI_TTS_MODEL: e.OPENAI_TTS_MODEL, OPENAI_TRANSCRIPTION_MODEL: e.OPENAI_TRANSCRIPTION_MODEL,
      OPENAI_TIMEOUT_MS: e.OPENAI_TIMEOUT_MS, OPENAI_MAX_RETRIES: e.OPENAI_MAX_RETRIES, ELEVENLABS_API_KEY: e.ELEVENLABS_API_KEY,
      ELEVENLABS_BASE_URL: e.ELEVENLABS_BASE_URL, ELEVENLABS_MODEL_ID: e.ELEVENLABS_MODEL_ID, ELEVENLABS_TIMEOUT_MS: e.ELEVENLABS_TIMEOUT_MS,
      SCRIPT_PROVIDER: e.SCRIPT_PROVIDER, IMAGE_PROVIDER: e.IMAGE_PROVIDER, VOICE_PROVIDER: e.VOICE_PROVIDER,
    },
  };
}
