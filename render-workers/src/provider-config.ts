import { z } from 'zod';

/**
 * Environment of the render stages' cloud providers.
 *
 * Defaults: a stage uses a cloud provider only when its key is set; otherwise it stays offline.
 * Asking for a cloud provider explicitly without its key is a configuration error.
 * The render workers' configuration (config.ts) merges these into its own.
 */
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const url = z.string().trim().url();
const provider = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(values).optional());

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const providerEnvSchema = z.object({
  OPENAI_BASE_URL: url.optional().or(z.literal('').transform(() => undefined)),
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  OPENAI_IMAGE_MODEL: z.string().trim().min(1).default('gpt-image-1'),
  /** Forces an image size (e.g. 1024x1536); by default the closest supported to the aspect ratio. */
  OPENAI_IMAGE_SIZE: z
    .string()
    .trim()
    .regex(/^\d+x\d+$/, 'must look like 1024x1536')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OPENAI_TTS_MODEL: z.string().trim().min(1).default('gpt-4o-mini-tts'),
  /** e.g. whisper-1: exact word timings for OpenAI narration; unset = estimated from clip lengths. */
  OPENAI_TRANSCRIPTION_MODEL: optionalString,
  OPENAI_TIMEOUT_MS: positiveInt(60_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  ELEVENLABS_API_KEY: optionalString,
  ELEVENLABS_BASE_URL: url.default('https://api.elevenlabs.io'),
  ELEVENLABS_MODEL_ID: z.string().trim().min(1).default('eleven_multilingual_v2'),
  ELEVENLABS_TIMEOUT_MS: positiveInt(60_000),
  SCRIPT_PROVIDER: provider(['offline', 'openai'] as const),
  IMAGE_PROVIDER: provider(['offline', 'openai'] as const),
  /**
   * espeak: espeak-ng (offline, the default without keys); kokoro: the neural voices (offline, opt-in:
   * their files are a download the user chooses, README "Neural narration"), espeak-ng when they do not verify.
   */
  VOICE_PROVIDER: provider(['espeak', 'kokoro', 'openai', 'elevenlabs'] as const),
});

type ProviderEnv = z.infer<typeof providerEnvSchema>;
type ProviderKeys = Pick<ProviderEnv, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'ELEVENLABS_API_KEY' | 'SCRIPT_PROVIDER' | 'IMAGE_PROVIDER' | 'VOICE_PROVIDER'>;

/** Lists every provider chosen explicitly without the key it needs. */
export function checkProviderEnv(env: ProviderKeys, ctx: z.RefinementCtx): void {
  for (const key of ['SCRIPT_PROVIDER', 'IMAGE_PROVIDER', 'VOICE_PROVIDER'] as const) {
    // A local OpenAI-compatible server (OPENAI_BASE_URL) may need no key; api.openai.com does.
    if (env[key] === 'openai' && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
      ctx.addIssue({ code: 'custom', path: [key], message: `${key}=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server)` });
    }
  }
  if (env.VOICE_PROVIDER === 'elevenlabs' && !env.ELEVENLABS_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['VOICE_PROVIDER'], message: 'VOICE_PROVIDER=elevenlabs needs ELEVENLABS_API_KEY' });
  }
}

/** Fills in unset providers: cloud when keyed (ElevenLabs before OpenAI for the voice), else offline. */
export function resolveProviderDefaults<E extends ProviderKeys>(env: E) {
  const openAiKeyed = Boolean(env.OPENAI_API_KEY);
  return {
    ...env,
    SCRIPT_PROVIDER: env.SCRIPT_PROVIDER ?? (openAiKeyed ? 'openai' : 'offline'),
    IMAGE_PROVIDER: env.IMAGE_PROVIDER ?? (openAiKeyed ? 'openai' : 'offline'),
    VOICE_PROVIDER: env.VOICE_PROVIDER ?? (env.ELEVENLABS_API_KEY ? 'elevenlabs' : openAiKeyed ? 'openai' : 'espeak'),
  } as Omit<E, 'SCRIPT_PROVIDER' | 'IMAGE_PROVIDER' | 'VOICE_PROVIDER'> & {
    SCRIPT_PROVIDER: 'offline' | 'openai';
    IMAGE_PROVIDER: 'offline' | 'openai';
    VOICE_PROVIDER: 'espeak' | 'kokoro' | 'openai' | 'elevenlabs';
  };
}

export const providerConfigSchema = providerEnvSchema.superRefine(checkProviderEnv).transform(resolveProviderDefaults);

export type ProviderConfig = z.infer<typeof providerConfigSchema>;

/** A key placeholder for local OpenAI-compatible servers that ignore it (the SDK insists on one). */
export const LOCAL_OPENAI_KEY = 'not-needed';

/** Config without keys, for a startup log line. */
export function describeProviderConfig(config: ProviderConfig): Record<string, unknown> {
  return {
    script: config.SCRIPT_PROVIDER,
    images: config.IMAGE_PROVIDER,
    voice: config.VOICE_PROVIDER,
    openAiBaseUrl: config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
    openAiKey: config.OPENAI_API_KEY ? 'set' : 'unset',
    elevenLabsKey: config.ELEVENLABS_API_KEY ? 'set' : 'unset',
    models: { script: config.OPENAI_MODEL, image: config.OPENAI_IMAGE_MODEL, tts: config.OPENAI_TTS_MODEL, elevenlabs: config.ELEVENLABS_MODEL_ID },
  };
}
