import type { Logger } from '@app/platform';
import type { RenderWorkersConfig } from './config';
import { describeProviderConfig, LOCAL_OPENAI_KEY } from './provider-config';
import { createFfmpegAssembler } from './stages/assemble/ffmpeg';
import type { Assembler } from './stages/assemble/port';
import { createOpenAiIllustrator } from './stages/images/openai-illustrator';
import type { Illustrator } from './stages/images/port';
import { createProceduralIllustrator } from './stages/images/procedural';
import { createProceduralComposer } from './stages/music/procedural';
import type { MusicComposer } from './stages/music/port';
import { createElevenLabsNarrator } from './stages/narration/elevenlabs';
import { createEspeakNarrator } from './stages/narration/espeak';
import { createKokoroNarrator } from './stages/narration/kokoro';
import { createOfflineNarrator } from './stages/narration/offline';
import { createOpenAiNarrator } from './stages/narration/openai-tts';
import type { Narrator } from './stages/narration/port';
import { createOfflineScriptWriter } from './stages/script/offline-writer';
import { createOpenAiScriptWriter } from './stages/script/openai-writer';
import type { ScriptWriter } from './stages/script/port';

export interface Providers {
  scriptWriter: ScriptWriter;
  narrator: Narrator;
  illustrator: Illustrator;
  composer: MusicComposer;
  assembler: Assembler;
  /** The offline narrator, always available (voice previews use it so they play with no key): espeak-ng, or the neural voice when chosen and its files verify. */
  offlineNarrator: Narrator;
}

/**
 * Offline providers by default; a cloud adapter when its key is set or it is chosen by name
 * (SCRIPT_PROVIDER / IMAGE_PROVIDER / VOICE_PROVIDER, resolved and checked in provider-config).
 */
export function selectProviders(config: RenderWorkersConfig, logger: Logger): Providers {
  const p = config.providers;
  const openAiKey = p.OPENAI_API_KEY ?? LOCAL_OPENAI_KEY;
  const { tools } = config;
  const espeak = createEspeakNarrator({ helperPath: config.espeakHelper, logger });
  // VOICE_PROVIDER=kokoro (opt-in): the neural voice speaks when its files verify, and espeak-ng (with a
  // warning) when they do not. Otherwise espeak-ng is the offline voice.
  const offlineNarrator = p.VOICE_PROVIDER !== 'kokoro'
    ? espeak
    : createOfflineNarrator({ neural: createKokoroNarrator({ modelDir: config.tts.modelDir ?? undefined, workers: config.tts.workers ?? undefined, threads: config.tts.threads, logger }), espeak, logger });
  logger.info({ providers: describeProviderConfig(p) }, 'render providers');

  const scriptWriter = p.SCRIPT_PROVIDER === 'openai'
    ? createOpenAiScriptWriter({ apiKey: openAiKey, baseURL: p.OPENAI_BASE_URL, model: p.OPENAI_MODEL, timeoutMs: p.OPENAI_TIMEOUT_MS, maxRetries: p.OPENAI_MAX_RETRIES, logger })
    : createOfflineScriptWriter();

  const narrator: Narrator = p.VOICE_PROVIDER === 'elevenlabs'
    ? createElevenLabsNarrator({ apiKey: p.ELEVENLABS_API_KEY ?? '', baseURL: p.ELEVENLABS_BASE_URL, modelId: p.ELEVENLABS_MODEL_ID, timeoutMs: p.ELEVENLABS_TIMEOUT_MS, tools, logger })
    : p.VOICE_PROVIDER === 'openai'
      ? createOpenAiNarrator({ apiKey: openAiKey, baseURL: p.OPENAI_BASE_URL, model: p.OPENAI_TTS_MODEL, transcriptionModel: p.OPENAI_TRANSCRIPTION_MODEL, timeoutMs: p.OPENAI_TIMEOUT_MS, maxRetries: p.OPENAI_MAX_RETRIES, tools, logger })
      : offlineNarrator;

  const illustrator = p.IMAGE_PROVIDER === 'openai'
    ? createOpenAiIllustrator({ apiKey: openAiKey, baseURL: p.OPENAI_BASE_URL, model: p.OPENAI_IMAGE_MODEL, size: p.OPENAI_IMAGE_SIZE, timeoutMs: p.OPENAI_TIMEOUT_MS, maxRetries: p.OPENAI_MAX_RETRIES, logger })
    : createProceduralIllustrator({ tools });

  return {
    scriptWriter,
    narrator,
    illustrator,
    composer: createProceduralComposer(),
    assembler: createFfmpegAssembler({ preset: config.preset, crf: config.crf, segments: config.segments, tools, logger }),
    offlineNarrator,
  };
}
