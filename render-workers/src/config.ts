import { hostname } from 'node:os';
import { z } from 'zod';
import { envPart, infraEnv, readEnv } from '@app/platform';
import { checkProviderEnv, providerEnvSchema, resolveProviderDefaults, type ProviderConfig } from './provider-config';

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const optionalText = z.string().trim().min(1).optional().catch(undefined);

/** The render workers' own settings and their cloud providers' (offline when no key is set). */
const renderEnv = envPart({
  shape: {
    /** Stage artifacts, cached so a retry (or a restart) resumes; default DATA_DIR/render-work. */
    WORK_DIR: z.string().min(1).optional(),
    PREVIEW_CACHE_DIR: z.string().min(1).optional(),
    WORKER_ID: z.string().min(1).default(`${hostname()}-${process.pid}`),
    RENDER_CONCURRENCY: int(1, 1),
    /** How much the renders yield the CPU to anything else on the machine (0 to 19): an HTTP process beside them always goes first. */
    RENDER_NICENESS: int(10, 0).pipe(z.number().max(19)),
    RENDER_PRESET: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium']).default('veryfast'),
    RENDER_CRF: int(23, 0).pipe(z.number().max(51)),
    RENDER_SEGMENTS: int(2, 1),
    RENDER_MAX_ATTEMPTS: int(3, 1),
    RENDER_BACKOFF_MS: int(2000, 0),
    RENDER_BACKOFF_MAX_MS: int(30000, 0),
    ESPEAK_TIMINGS_BIN: optionalText,
    /** The neural narration model and voices (infra/scripts/kokoro.sh installs them in .infra/kokoro). */
    TTS_MODEL_DIR: optionalText,
    /** Parallel neural synthesis sessions (worker threads); default: the machine's cores. */
    TTS_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    /** Threads inside each synthesis session; default 1. */
    TTS_THREADS: int(1, 1).pipe(z.number().max(64)),
    FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
    FFPROBE_PATH: z.string().min(1).default('ffprobe'),
    ...providerEnvSchema.shape,
  },
  check: checkProviderEnv,
  build(e): RenderWorkersConfig {
    const p = resolveProviderDefaults(e);
    return {
      workDir: e.WORK_DIR ?? null,
      previewCacheDir: e.PREVIEW_CACHE_DIR ?? null,
      workerId: e.WORKER_ID,
      concurrency: e.RENDER_CONCURRENCY,
      niceness: e.RENDER_NICENESS,
      preset: e.RENDER_PRESET,
      crf: e.RENDER_CRF,
      segments: e.RENDER_SEGMENTS,
      maxAttempts: e.RENDER_MAX_ATTEMPTS,
      backoff: { initialMs: e.RENDER_BACKOFF_MS, maxMs: e.RENDER_BACKOFF_MAX_MS },
      espeakHelper: e.ESPEAK_TIMINGS_BIN,
      tts: { modelDir: e.TTS_MODEL_DIR ?? null, workers: e.TTS_WORKERS ?? null, threads: e.TTS_THREADS },
      tools: { ffmpeg: e.FFMPEG_PATH, ffprobe: e.FFPROBE_PATH },
      providers: {
        OPENAI_BASE_URL: p.OPENAI_BASE_URL, OPENAI_API_KEY: p.OPENAI_API_KEY, OPENAI_MODEL: p.OPENAI_MODEL, OPENAI_IMAGE_MODEL: p.OPENAI_IMAGE_MODEL,
        OPENAI_IMAGE_SIZE: p.OPENAI_IMAGE_SIZE, OPENAI_TTS_MODEL: p.OPENAI_TTS_MODEL, OPENAI_TRANSCRIPTION_MODEL: p.OPENAI_TRANSCRIPTION_MODEL,
        OPENAI_TIMEOUT_MS: p.OPENAI_TIMEOUT_MS, OPENAI_MAX_RETRIES: p.OPENAI_MAX_RETRIES, ELEVENLABS_API_KEY: p.ELEVENLABS_API_KEY,
        ELEVENLABS_BASE_URL: p.ELEVENLABS_BASE_URL, ELEVENLABS_MODEL_ID: p.ELEVENLABS_MODEL_ID, ELEVENLABS_TIMEOUT_MS: p.ELEVENLABS_TIMEOUT_MS,
        SCRIPT_PROVIDER: p.SCRIPT_PROVIDER, IMAGE_PROVIDER: p.IMAGE_PROVIDER, VOICE_PROVIDER: p.VOICE_PROVIDER,
      },
    };
  },
});

export interface RenderWorkersConfig {
  /** null: DATA_DIR/render-work. */
  workDir: string | null;
  /** null: <workDir>/previews. */
  previewCacheDir: string | null;
  workerId: string;
  concurrency: number;
  /** This process's niceness, which its ffmpeg and narration programs inherit (RENDER_NICENESS, default 10). */
  niceness: number;
  preset: string;
  crf: number;
  segments: number;
  maxAttempts: number;
  backoff: { initialMs: number; maxMs: number };
  espeakHelper: string | undefined;
  /** Neural narration: model directory (null: .infra/kokoro), parallel sessions (null: the cores) and threads per session. */
  tts: { modelDir: string | null; workers: number | null; threads: number };
  /** The media programs (FFMPEG_PATH, FFPROBE_PATH). */
  tools: { ffmpeg: string; ffprobe: string };
  /** Cloud provider selection and settings (offline when no key is set). */
  providers: ProviderConfig;
}

/** Every variable the render workers read. */
export const renderWorkersEnv = { infra: infraEnv, render: renderEnv };

export type RenderWorkersServiceConfig = ReturnType<typeof readRenderWorkersConfig>;

/** The render workers' configuration, parsed once; every problem (worker and providers) is listed at once. */
export function readRenderWorkersConfig(env: Record<string, string | undefined>) {
  return readEnv(renderWorkersEnv, env);
}
