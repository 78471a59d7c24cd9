import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import OpenAI from 'openai';
import type { ImageGenerateParamsNonStreaming } from 'openai/resources/images';
import type { Logger } from 'pino';
import { findArtStyle } from '@app/domain';
import { forEachConcurrently } from '../../shared/async';
import { ProviderError, deadline, fromOpenAiError, throwIfAborted, type Deadline } from '../provider-error';
import type { IllustrationRequest, Illustrator } from './port';

export interface OpenAiIllustratorOptions {
  baseURL?: string;
  apiKey: string;
  /** gpt-image-1, dall-e-3, dall-e-2 or any model name an OpenAI-compatible server knows. */
  model: string;
  /** Forces a size ('1024x1536'); otherwise the closest size the model supports is chosen. */
  size?: string;
  /** Deadline of one image (generation, SDK retries and download). */
  timeoutMs: number;
  maxRetries?: number;
  /** Images generated at once (scenes are independent). */
  concurrency?: number;
  logger: Logger;
}

const PROVIDER = 'openai';

/** Sizes each known model accepts; unknown models get the gpt-image-1 set. */
const SIZES: Record<string, readonly string[]> = {
  'dall-e-2': ['1024x1024', '512x512', '256x256'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
  default: ['1024x1024', '1536x1024', '1024x1536'],
};

/** The supported size whose aspect ratio is closest to width:height (the assembler crops later). */
export function closestImageSize(model: string, width: number, height: number): string {
  const sizes = SIZES[model] ?? SIZES.default;
  const wanted = Math.log(width / height);
  let best = sizes[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const size of sizes) {
    const [w, h] = size.split('x').map(Number);
    const distance = Math.abs(Math.log(w / h) - wanted);
    if (distance < bestDistance - 1e-9) {
      best = size;
      bestDistance = distance;
    }
  }
  return best;
}

/** dall-e models take `response_format`; gpt-image models always answer b64_json and refuse it. */
function acceptsResponseFormat(model: string): boolean {
  return model.startsWith('dall-e');
}

function scenePrompt(stylePrompt: string, scene: string): string {
  return `${scene.trim()}\nStyle: ${stylePrompt}. The subject centred, safe to crop at the edges. No text, letters, captions or watermarks.`;
}

export function createOpenAiIllustrator(options: OpenAiIllustratorOptions): Illustrator {
  const { model, timeoutMs, logger } = options;
  const client = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, timeout: timeoutMs + 1000, maxRetries: options.maxRetries ?? 2 });
  const log = logger.child({ category: 'illustrator', provider: PROVIDER, model });
  const concurrency = Math.max(1, options.concurrency ?? 2);

  async function download(url: string, limit: Deadline): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(url, { signal: limit.signal });
      if (response.ok) return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw fromOpenAiError(PROVIDER, error, limit.signal, limit);
    }
    throw new ProviderError(`${PROVIDER}: could not download the generated image (HTTP ${response.status})`, {
      provider: PROVIDER,
      code: response.status >= 500 ? 'server' : 'invalid_output',
      status: response.status,
    });
  }

  async function generate(prompt: string, size: string, signal: AbortSignal): Promise<Buffer> {
    const body: ImageGenerateParamsNonStreaming = { model, prompt, n: 1, size: size as ImageGenerateParamsNonStreaming['size'] };
    if (acceptsResponseFormat(model)) body.response_format = 'b64_json';
    const limit = deadline(timeoutMs, signal);
    let image: { b64_json?: string; url?: string } | undefined;
    try {
      const answer = await client.images.generate(body, { signal: limit.signal });
      image = answer.data?.[0];
    } catch (error) {
      throw fromOpenAiError(PROVIDER, error, signal, limit);
    }
    if (image?.b64_json) return Buffer.from(image.b64_json, 'base64');
    if (image?.url) return download(image.url, limit);
    throw new ProviderError(`${PROVIDER}: the image answer had neither b64_json nor url`, { provider: PROVIDER, code: 'invalid_output' });
  }

  return {
    name: 'openai',
    async illustrate(request: IllustrationRequest, signal?: AbortSignal): Promise<string[]> {
      throwIfAborted(PROVIDER, signal);
      const style = findArtStyle(request.style);
      const stylePrompt = style?.prompt ?? request.style;
      const size = options.size ?? closestImageSize(model, request.width, request.height);
      await mkdir(request.outDir, { recursive: true });
      const started = Date.now();
      const paths: string[] = new Array(request.scenes.length);
      // One failure stops the other scenes' requests: the render fails or retries as a whole.
      const stop = new AbortController();
      const combined = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;

      try {
        await forEachConcurrently(request.scenes.length, concurrency, async (i) => {
          throwIfAborted(PROVIDER, signal);
          const bytes = await generate(scenePrompt(stylePrompt, request.scenes[i]), size, combined);
          const extension = imageExtension(bytes);
          if (!extension) {
            throw new ProviderError(`${PROVIDER}: scene ${i + 1} image is not a PNG, JPEG or WebP file`, { provider: PROVIDER, code: 'invalid_output' });
          }
          paths[i] = path.join(request.outDir, `scene-${String(i + 1).padStart(2, '0')}.${extension}`);
          await writeFile(paths[i], bytes);
        });
      } catch (error) {
        stop.abort();
        throw error;
      }
      log.info({ scenes: request.scenes.length, size, ms: Date.now() - started }, 'scenes illustrated');
      return paths;
    },
  };
}

function imageExtension(bytes: Buffer): 'png' | 'jpg' | 'webp' | undefined {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length > 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}
