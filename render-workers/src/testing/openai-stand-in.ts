import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, { type Request, type Response } from 'express';
import pino, { type Logger } from 'pino';
import { DEFAULT_MEDIA_TOOLS, probeDuration, run } from '../shared/exec';

/**
 * A local stand-in for the OpenAI REST API (chat completions, image generation, speech and
 * transcription), listening on 127.0.0.1 on a free port. It checks requests the way the real API
 * documents them (Bearer key, required fields, allowed values), answers with real-shaped bodies and
 * real media (PNG images and audio made by ffmpeg), and can be told to fail: 401, 429, 500,
 * malformed output, or a slow answer.
 */
export type Fault =
  | 'unauthorized' // 401 invalid_api_key
  | 'rate_limit' // 429 rate_limit_exceeded
  | 'quota' // 429 insufficient_quota
  | 'server_error' // 500
  | 'malformed' // 200 with unusable content
  | { delayMs: number }; // answer late (the client times out first)

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  /** JSON body, or for multipart the form fields (files as `{ name, type, size }`). */
  body: Record<string, unknown>;
  at: number;
}

export interface OpenAiStandInOptions {
  apiKey?: string;
  /** When false, chat `response_format: json_schema` is refused with a 400 (like many local servers). */
  supportsJsonSchema?: boolean;
  /** Builds the chat answer's content from the request body; defaults to a valid 6-line script. */
  chatReply?: (body: Record<string, unknown>) => string;
  /** Seconds of audio per spoken word. */
  secondsPerWord?: number;
}

export interface OpenAiStandIn {
  /** Base URL to give the SDK, ending in /v1. */
  readonly baseURL: string;
  readonly apiKey: string;
  readonly requests: RecordedRequest[];
  /** Requests to one endpoint, e.g. '/v1/chat/completions'. */
  requestsTo(path: string): RecordedRequest[];
  /** The next `times` requests (any endpoint) meet this fault, in queue order. */
  fail(fault: Fault, times?: number): void;
  /** Changes the chat answer for the requests that follow. */
  setChatReply(reply: ((body: Record<string, unknown>) => string) | undefined): void;
  setSupportsJsonSchema(value: boolean): void;
  /** 'url': answer image links whatever was asked (as some OpenAI-compatible servers do). */
  setImageDelivery(mode: 'as-requested' | 'url'): void;
  reset(): void;
  close(): Promise<void>;
}

const CHAT_MODELS_WITHOUT_SCHEMA = new Set(['gpt-3.5-turbo']);
const VOICES = new Set(['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer', 'verse', 'marin', 'cedar']);
const SPEECH_FORMATS = new Set(['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm']);
const IMAGE_SIZES: Record<string, string[]> = {
  'dall-e-2': ['256x256', '512x512', '1024x1024'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
  default: ['1024x1024', '1536x1024', '1024x1536', 'auto'],
};

export const DEFAULT_SCRIPT_ANSWER = {
  title: 'The Octopus Has Three Hearts and Blue Blood',
  description: 'Three hearts, blue blood and a brain in every arm. Meet the strangest genius of the sea. #ocean #facts',
  narrationScript: [
    'Did you know the octopus has three hearts pumping at once?',
    'Two of them push blood through the gills, one feeds the body.',
    'Its blood is blue, because copper carries the oxygen instead of iron.',
    'Most of its neurons live in its eight arms, not its head.',
    'Each arm can taste, touch and decide on its own.',
    'Follow for more strange truths from the deep blue sea.',
  ],
  scenes: [
    'An octopus glowing on a coral reef, three hearts drawn as soft lights inside it',
    'Close-up of octopus gills in clear water with blood vessels',
    'Blue blood flowing through translucent veins, copper sparkles',
    'Eight octopus arms reaching out, each with tiny glowing nerve lines',
    'One octopus arm curling around a shell, exploring it',
    'A deep blue ocean horizon with a single octopus silhouette',
  ],
};

export async function startOpenAiStandIn(options: OpenAiStandInOptions = {}): Promise<OpenAiStandIn> {
  const apiKey = options.apiKey ?? 'sk-test-stand-in-key';
  const secondsPerWord = options.secondsPerWord ?? 0.3;
  const workDir = await mkdtemp(path.join(tmpdir(), 'openai-stand-in-'));
  const png = await tinyPng();
  const files = new Map<string, Buffer>();
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  const spoken: string[] = [];
  let chatReply = options.chatReply ?? (() => JSON.stringify(DEFAULT_SCRIPT_ANSWER));
  let supportsJsonSchema = options.supportsJsonSchema ?? true;
  let imageDelivery: 'as-requested' | 'url' = 'as-requested';

  const app = express();
  app.use(express.json({ limit: '10mb' }));
  app.use('/v1/audio/transcriptions', express.raw({ type: 'multipart/form-data', limit: '50mb' }));

  // Record, authenticate, then apply queued faults, for every API call.
  app.use('/v1', async (req, res, next) => {
    const record: RecordedRequest = { method: req.method, path: req.baseUrl + req.path, headers: { ...req.headers }, query: { ...req.query }, body: {}, at: Date.now() };
    if (Buffer.isBuffer(req.body)) {
      record.body = await multipartFields(req);
      req.body = record.body;
    } else if (req.body && typeof req.body === 'object') {
      record.body = req.body as Record<string, unknown>;
    }
    requests.push(record);

    const auth = req.headers.authorization;
    if (auth !== `Bearer ${apiKey}`) {
      return openAiError(res, 401, auth ? `Incorrect API key provided: ${mask(auth.replace(/^Bearer /, ''))}. You can find your API key at https://platform.openai.com/account/api-keys.` : "You didn't provide an API key.", 'invalid_request_error', 'invalid_api_key');
    }
    const fault = faults.shift();
    if (fault === undefined || fault === 'malformed') {
      res.locals.malformed = fault === 'malformed';
      return next();
    }
    if (typeof fault === 'object') {
      const timer = setTimeout(next, fault.delayMs);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    switch (fault) {
      case 'unauthorized':
        return openAiError(res, 401, 'Incorrect API key provided: sk-te*******key.', 'invalid_request_error', 'invalid_api_key');
      case 'rate_limit':
        res.setHeader('retry-after-ms', '20');
        return openAiError(res, 429, 'Rate limit reached for requests. Please try again in 20ms.', 'requests', 'rate_limit_exceeded');
      case 'quota':
        res.setHeader('x-should-retry', 'false');
        return openAiError(res, 429, 'You exceeded your current quota, please check your plan and billing details.', 'insufficient_quota', 'insufficient_quota');
      case 'server_error':
        res.setHeader('retry-after-ms', '20');
        return openAiError(res, 500, 'The server had an error while processing your request. Sorry about that!', 'server_error', null);
    }
  });

  app.post('/v1/chat/completions', (req, res) => {
    const body = req.body as Record<string, unknown>;
    if (typeof body.model !== 'string' || !body.model) return openAiError(res, 400, "Missing required parameter: 'model'.", 'invalid_request_error', 'missing_required_parameter', 'model');
    const messages = body.messages;
    if (!Array.isArray(messages) || messages.length === 0) return openAiError(res, 400, "Missing required parameter: 'messages'.", 'invalid_request_error', 'missing_required_parameter', 'messages');
    for (const [i, m] of messages.entries()) {
      const message = m as { role?: unknown; content?: unknown };
      if (!['system', 'developer', 'user', 'assistant', 'tool'].includes(String(message.role)) || typeof message.content !== 'string') {
        return openAiError(res, 400, `Invalid value for 'messages[${i}]'.`, 'invalid_request_error', 'invalid_value', `messages[${i}]`);
      }
    }
    const format = body.response_format as { type?: string; json_schema?: { name?: unknown; schema?: unknown } } | undefined;
    if (format?.type === 'json_schema') {
      if (!supportsJsonSchema || CHAT_MODELS_WITHOUT_SCHEMA.has(body.model)) {
        return openAiError(res, 400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", 'invalid_request_error', null, 'response_format');
      }
      if (typeof format.json_schema?.name !== 'string' || typeof format.json_schema.schema !== 'object') {
        return openAiError(res, 400, "Missing required parameter: 'response_format.json_schema.name'.", 'invalid_request_error', 'missing_required_parameter', 'response_format');
      }
    } else if (format && format.type !== 'json_object' && format.type !== 'text') {
      return openAiError(res, 400, `Invalid value: '${format.type}'. Supported values are: 'json_object', 'json_schema', and 'text'.`, 'invalid_request_error', 'invalid_value', 'response_format.type');
    }
    const content = res.locals.malformed ? 'Sure! Here is a great script about octopuses: they have three hearts, and' : chatReply(body);
    res.json({
      id: `chatcmpl-${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 320, completion_tokens: 250, total_tokens: 570 },
      service_tier: 'default',
      system_fingerprint: 'fp_stand_in',
    });
  });

  app.post('/v1/images/generations', (req, res) => {
    const body = req.body as Record<string, unknown>;
    const model = typeof body.model === 'string' ? body.model : 'dall-e-2';
    if (typeof body.prompt !== 'string' || !body.prompt) return openAiError(res, 400, "Missing required parameter: 'prompt'.", 'invalid_request_error', 'missing_required_parameter', 'prompt');
    const sizes = IMAGE_SIZES[model] ?? IMAGE_SIZES.default;
    if (body.size !== undefined && !sizes.includes(String(body.size))) {
      return openAiError(res, 400, `Invalid value: '${String(body.size)}'. Supported values are: ${sizes.map((s) => `'${s}'`).join(', ')}.`, 'invalid_request_error', 'invalid_value', 'size');
    }
    const dallE = model.startsWith('dall-e');
    if (body.response_format !== undefined && !dallE) return openAiError(res, 400, "Unknown parameter: 'response_format'.", 'invalid_request_error', 'unknown_parameter', 'response_format');
    if (res.locals.malformed) return res.json({ created: Math.floor(Date.now() / 1000), data: [{ b64_json: Buffer.from('not an image at all').toString('base64') }] });
    const item: Record<string, unknown> = {};
    if (body.response_format === 'url' || imageDelivery === 'url') {
      const id = `${randomUUID()}.png`;
      files.set(id, png);
      item.url = `${baseURL.replace(/\/v1$/, '')}/files/${id}`;
    } else {
      item.b64_json = png.toString('base64');
    }
    if (dallE) item.revised_prompt = body.prompt;
    res.json({
      created: Math.floor(Date.now() / 1000),
      data: [item],
      ...(dallE ? {} : { background: 'opaque', output_format: 'png', quality: 'medium', size: body.size ?? '1024x1024', usage: { input_tokens: 50, output_tokens: 1056, total_tokens: 1106 } }),
    });
  });

  app.get('/files/:id', (req, res) => {
    const file = files.get(req.params.id);
    if (!file) return res.status(404).end();
    res.type('image/png').send(file);
  });

  app.post('/v1/audio/speech', async (req, res) => {
    const body = req.body as Record<string, unknown>;
    if (typeof body.model !== 'string') return openAiError(res, 400, "Missing required parameter: 'model'.", 'invalid_request_error', 'missing_required_parameter', 'model');
    if (typeof body.input !== 'string' || !body.input) return openAiError(res, 400, "Missing required parameter: 'input'.", 'invalid_request_error', 'missing_required_parameter', 'input');
    if (body.input.length > 4096) return openAiError(res, 400, "Invalid 'input': string too long. Expected a string with maximum length 4096.", 'invalid_request_error', 'string_above_max_length', 'input');
    if (!VOICES.has(String(body.voice))) return openAiError(res, 400, `Invalid value: '${String(body.voice)}'. Supported values are: ${[...VOICES].map((v) => `'${v}'`).join(', ')}.`, 'invalid_request_error', 'invalid_value', 'voice');
    const format = body.response_format === undefined ? 'mp3' : String(body.response_format);
    if (!SPEECH_FORMATS.has(format) || !['mp3', 'wav'].includes(format)) {
      return openAiError(res, 400, `The stand-in only renders mp3 and wav (asked: ${format}).`, 'invalid_request_error', 'invalid_value', 'response_format');
    }
    if (body.instructions !== undefined && !body.model.startsWith('gpt-4o')) {
      return openAiError(res, 400, "Unsupported parameter: 'instructions' is not supported with this model.", 'invalid_request_error', 'unsupported_parameter', 'instructions');
    }
    if (res.locals.malformed) return res.type(format === 'wav' ? 'audio/wav' : 'audio/mpeg').send(Buffer.from('garbage, not audio'));
    spoken.push(body.input);
    const words = body.input.split(/\s+/).filter(Boolean).length;
    const audio = await tone(workDir, Math.max(0.4, words * secondsPerWord), format as 'mp3' | 'wav');
    res.type(format === 'wav' ? 'audio/wav' : 'audio/mpeg').send(audio);
  });

  app.post('/v1/audio/transcriptions', async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const file = body.file as { size?: number; data?: Buffer } | undefined;
    if (!file?.data) return openAiError(res, 400, "Missing required parameter: 'file'.", 'invalid_request_error', 'missing_required_parameter', 'file');
    if (typeof body.model !== 'string') return openAiError(res, 400, "Missing required parameter: 'model'.", 'invalid_request_error', 'missing_required_parameter', 'model');
    const granularities = ([] as unknown[]).concat(body['timestamp_granularities[]'] ?? body.timestamp_granularities ?? []);
    if (granularities.length > 0 && body.response_format !== 'verbose_json') {
      return openAiError(res, 400, "timestamp_granularities requires response_format 'verbose_json'.", 'invalid_request_error', 'invalid_value', 'timestamp_granularities');
    }
    const input = path.join(workDir, `${randomUUID()}.upload`);
    await writeFile(input, file.data);
    let duration: number;
    try {
      duration = await probeDuration(DEFAULT_MEDIA_TOOLS, input);
    } catch {
      return openAiError(res, 400, 'Audio file might be corrupted or unsupported', 'invalid_request_error', 'invalid_value', 'file');
    } finally {
      await rm(input, { force: true });
    }
    // The stand-in cannot listen: it "hears" what it was asked to speak, spread over the upload.
    const text = spoken.join(' ');
    const heard = text.split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, '')).filter(Boolean);
    const step = heard.length ? duration / heard.length : 0;
    const words = heard.map((word, i) => ({ word, start: round2(i * step), end: round2((i + 1) * step) }));
    if (body.response_format === 'verbose_json') {
      return res.json({
        task: 'transcribe',
        language: typeof body.language === 'string' ? body.language : 'english',
        duration,
        text,
        ...(granularities.includes('word') ? { words } : {}),
        ...(granularities.length === 0 || granularities.includes('segment') ? { segments: [] } : {}),
        usage: { type: 'duration', seconds: Math.ceil(duration) },
      });
    }
    res.json({ text });
  });

  app.use((req: Request, res: Response) => openAiError(res, 404, `Invalid URL (${req.method} ${req.path})`, 'invalid_request_error', null));

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const baseURL = `http://127.0.0.1:${port}/v1`;

  return {
    baseURL,
    apiKey,
    requests,
    requestsTo: (p) => requests.filter((r) => r.path === p),
    fail(fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    setChatReply(reply) {
      chatReply = reply ?? (() => JSON.stringify(DEFAULT_SCRIPT_ANSWER));
    },
    setSupportsJsonSchema(value) {
      supportsJsonSchema = value;
    },
    setImageDelivery(mode) {
      imageDelivery = mode;
    },
    reset() {
      imageDelivery = 'as-requested';
      requests.length = 0;
      faults.length = 0;
      spoken.length = 0;
      chatReply = options.chatReply ?? (() => JSON.stringify(DEFAULT_SCRIPT_ANSWER));
      supportsJsonSchema = options.supportsJsonSchema ?? true;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

function openAiError(res: Response, status: number, message: string, type: string, code: string | null, param: string | null = null) {
  res.status(status).json({ error: { message, type, param, code } });
}

function mask(key: string): string {
  return key.length <= 8 ? '****' : `${key.slice(0, 3)}${'*'.repeat(Math.min(20, key.length - 6))}${key.slice(-3)}`;
}

/** Form fields of a multipart body, files as `{ name, type, size, data }`. */
async function multipartFields(req: Request): Promise<Record<string, unknown>> {
  const form = await new globalThis.Response(req.body as Buffer, { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    const parsed =
      typeof value === 'string'
        ? value
        : { name: value.name, type: value.type, size: value.size, data: Buffer.from(await value.arrayBuffer()) };
    const existing = fields[name];
    fields[name] = existing === undefined ? parsed : ([] as unknown[]).concat(existing, parsed);
  }
  return fields;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

// --- media made with ffmpeg, shared with the ElevenLabs stand-in --------------------------------

function runBuffer(command: string, args: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} failed: ${stderr.toString().trim()}`));
      else resolve(stdout);
    });
  });
}

/** A real 16x16 PNG (ffmpeg's colour source). */
function tinyPng(): Promise<Buffer> {
  return runBuffer(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=0x3366cc:s=16x16', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-']);
}

/** `seconds` of a 440 Hz sine as WAV (24 kHz mono, like OpenAI) or MP3 (44.1 kHz, like ElevenLabs). */
export async function tone(workDir: string, seconds: number, format: 'mp3' | 'wav'): Promise<Buffer> {
  const rate = format === 'wav' ? 24000 : 44100;
  const codec = format === 'wav' ? ['-c:a', 'pcm_s16le'] : ['-c:a', 'libmp3lame', '-b:a', '128k'];
  const output = path.join(workDir, `${randomUUID()}.${format}`);
  await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=${rate}:duration=${seconds.toFixed(3)}`, '-ac', '1', ...codec, output]);
  try {
    return await readFile(output);
  } finally {
    await rm(output, { force: true });
  }
}

// --- a logger whose lines the tests can read (to prove no key is ever logged) -------------------

export interface CapturedLogger {
  logger: Logger;
  /** Every line written so far, raw JSON text. */
  text(): string;
}

export function captureLogger(): CapturedLogger {
  const lines: string[] = [];
  const destination = { write: (line: string) => void lines.push(line) };
  const logger = pino({ level: 'debug', base: { service: 'render-workers' } }, destination);
  return { logger, text: () => lines.join('') };
}
