import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, { type Response } from 'express';
import { VOICE_IDS } from '@app/domain';
import { roundToMs } from '../shared/words';
import { tone } from './openai-stand-in';

/**
 * A local stand-in for ElevenLabs' `POST /v1/text-to-speech/{voice_id}/with-timestamps`, on
 * 127.0.0.1 and a free port. It checks the `xi-api-key` header, the voice id (the catalogue's
 * premade voices), the JSON body (`text`, `model_id`, `voice_settings`) and `output_format`, and
 * answers `{audio_base64, alignment, normalized_alignment}` with a real MP3 whose length matches the
 * character timings. Faults: 401 invalid key, 401 quota, 429, 500, malformed answer, slow answer.
 */
export type ElevenLabsFault =
  | 'unauthorized'
  | 'quota'
  | 'rate_limit'
  | 'server_error'
  | 'malformed'
  | { delayMs: number };

export interface ElevenLabsRecordedRequest {
  method: string;
  path: string;
  voiceId: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  at: number;
}

export interface ElevenLabsStandIn {
  /** Give this as the adapter's baseURL (no /v1). */
  readonly baseURL: string;
  readonly apiKey: string;
  readonly requests: ElevenLabsRecordedRequest[];
  fail(fault: ElevenLabsFault, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

export interface ElevenLabsStandInOptions {
  apiKey?: string;
  /** Seconds per character of text. */
  secondsPerCharacter?: number;
}

const MODELS = new Set(['eleven_multilingual_v2', 'eleven_turbo_v2_5', 'eleven_flash_v2_5', 'eleven_turbo_v2', 'eleven_flash_v2', 'eleven_monolingual_v1', 'eleven_v3']);
const ENGLISH_ONLY = new Set(['eleven_turbo_v2', 'eleven_flash_v2', 'eleven_monolingual_v1']);

export async function startElevenLabsStandIn(options: ElevenLabsStandInOptions = {}): Promise<ElevenLabsStandIn> {
  const apiKey = options.apiKey ?? 'sk_test_stand_in_elevenlabs_key';
  const perChar = options.secondsPerCharacter ?? 0.05;
  const workDir = await mkdtemp(path.join(tmpdir(), 'elevenlabs-stand-in-'));
  const requests: ElevenLabsRecordedRequest[] = [];
  const faults: ElevenLabsFault[] = [];

  const app = express();
  app.use(express.json({ limit: '1mb' }));

  app.post('/v1/text-to-speech/:voiceId/with-timestamps', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    requests.push({ method: req.method, path: req.path, voiceId: req.params.voiceId, headers: { ...req.headers }, query: { ...req.query }, body, at: Date.now() });

    const key = req.headers['xi-api-key'];
    if (!key) return detailError(res, 401, 'missing_api_key', 'You need to pass your API key in the xi-api-key header.');
    if (key !== apiKey) return detailError(res, 401, 'invalid_api_key', 'Invalid API key');

    const fault = faults.shift();
    if (typeof fault === 'object') {
      const timer = setTimeout(() => void answer(), fault.delayMs);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    switch (fault) {
      case 'unauthorized':
        return detailError(res, 401, 'invalid_api_key', 'Invalid API key');
      case 'quota':
        return detailError(res, 401, 'quota_exceeded', 'This request exceeds your quota of 10000. You have 12 credits remaining, while 180 credits are required for this request.');
      case 'rate_limit':
        return detailError(res, 429, 'too_many_concurrent_requests', 'Too many concurrent requests for your subscription.');
      case 'server_error':
        return res.status(500).json({ detail: { status: 'internal_server_error', message: 'An internal error occurred.' } });
    }
    return answer();

    async function answer() {
      if (!(VOICE_IDS as readonly string[]).includes(req.params.voiceId)) {
        return detailError(res, 404, 'voice_not_found', `A voice with voice_id ${req.params.voiceId} was not found.`);
      }
      const problems: Array<{ loc: string[]; msg: string; type: string }> = [];
      if (typeof body.text !== 'string' || !body.text.trim()) problems.push({ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' });
      if (body.model_id !== undefined && (typeof body.model_id !== 'string' || !MODELS.has(body.model_id))) {
        problems.push({ loc: ['body', 'model_id'], msg: 'unknown model', type: 'value_error' });
      }
      const settings = body.voice_settings as Record<string, unknown> | undefined;
      if (settings !== undefined) {
        for (const field of ['stability', 'similarity_boost', 'style'] as const) {
          const v = settings?.[field];
          if (v !== undefined && (typeof v !== 'number' || v < 0 || v > 1)) problems.push({ loc: ['body', 'voice_settings', field], msg: 'must be between 0 and 1', type: 'value_error' });
        }
      }
      if (body.language_code !== undefined && !['eleven_turbo_v2_5', 'eleven_flash_v2_5'].includes(String(body.model_id))) {
        return detailError(res, 400, 'unsupported_language', 'language_code is only supported by Turbo v2.5 and Flash v2.5.');
      }
      const format = typeof req.query.output_format === 'string' ? req.query.output_format : 'mp3_44100_128';
      if (!/^mp3_\d+_\d+$/.test(format)) problems.push({ loc: ['query', 'output_format'], msg: 'the stand-in renders mp3_* only', type: 'value_error' });
      if (problems.length > 0) return res.status(422).json({ detail: problems });
      if (ENGLISH_ONLY.has(String(body.model_id)) && /[áéíóúñàèçêëîïôùûü¿¡]/i.test(String(body.text))) {
        return detailError(res, 400, 'unsupported_language', 'This model only supports English.');
      }

      const text = String(body.text);
      const characters = [...text];
      const starts = characters.map((_, i) => roundToMs(i * perChar));
      const ends = characters.map((_, i) => roundToMs((i + 1) * perChar));
      const audio = await tone(workDir, Math.max(0.3, characters.length * perChar), 'mp3');
      if (fault === 'malformed') {
        return res.json({ audio_base64: audio.toString('base64'), alignment: { characters, character_start_times_seconds: starts.slice(1) } });
      }
      const alignment = { characters, character_start_times_seconds: starts, character_end_times_seconds: ends };
      res.json({ audio_base64: audio.toString('base64'), alignment, normalized_alignment: alignment });
    }
  });

  app.use((req, res) => res.status(404).json({ detail: 'Not Found' }));

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    fail(fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    reset() {
      requests.length = 0;
      faults.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

function detailError(res: Response, status: number, code: string, message: string) {
  res.status(status).json({ detail: { status: code, message } });
}
