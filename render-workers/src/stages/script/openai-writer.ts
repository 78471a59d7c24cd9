import OpenAI, { BadRequestError, UnprocessableEntityError } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Logger } from 'pino';
import { z } from 'zod';
import { CAPTION_MAX, TITLE_MAX, findArtStyle, scriptSchema } from '@app/domain';
import { ProviderError, deadline, fromOpenAiError, throwIfAborted } from '../provider-error';
import type { ScriptRequest, ScriptResult, ScriptWriter } from './port';

export interface OpenAiScriptWriterOptions {
  /** Any OpenAI-compatible server, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseURL?: string;
  apiKey: string;
  model: string;
  /** Deadline of one completion call, the SDK's retries of 429 and 5xx (`maxRetries`) included. */
  timeoutMs: number;
  maxRetries: number;
  logger: Logger;
  /**
   * How to ask for JSON. `json_schema` (structured outputs) is downgraded to `json_object`, then to
   * plain text, when the server refuses it with a 400/422; the downgrade is remembered.
   */
  responseFormat?: ResponseFormatMode;
}

export type ResponseFormatMode = 'json_schema' | 'json_object' | 'text';

/** Speaking rate used to size the narration. */
const WORDS_PER_SECOND = 2.5;
const PROVIDER = 'openai';

/** What the model must answer: the domain's script plus one English scene description per line. */
const scriptAnswerSchema = scriptSchema
  .extend({
    title: z.string().trim().min(1),
    description: z.string().max(CAPTION_MAX),
    narrationScript: z.array(z.string().trim().min(1)).min(1),
    scenes: z.array(z.string().trim().min(1)).min(1),
  })
  .refine((s) => s.scenes.length === s.narrationScript.length, {
    message: 'scenes must have exactly one entry per narrationScript line',
    path: ['scenes'],
  });

/** JSON schema sent as `response_format.json_schema` (strict mode: every property required). */
const ANSWER_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description', 'narrationScript', 'scenes'],
  properties: {
    title: { type: 'string', description: `Video title, at most ${TITLE_MAX} characters` },
    description: { type: 'string', description: `Caption for social media, at most ${CAPTION_MAX} characters` },
    narrationScript: { type: 'array', items: { type: 'string' }, description: 'Narration, one spoken sentence or two per line' },
    scenes: { type: 'array', items: { type: 'string' }, description: 'One English visual description per narration line' },
  },
} as const;

/** Target word counts and line count for a duration range. */
function narrationBudget(minSeconds: number, maxSeconds: number) {
  const minWords = Math.round(minSeconds * WORDS_PER_SECOND);
  const maxWords = Math.round(maxSeconds * WORDS_PER_SECOND);
  const lines = Math.min(15, Math.max(3, Math.round(maxSeconds / 6)));
  return { minWords, maxWords, targetWords: Math.round((minWords + maxWords) / 2), lines };
}

export function countWords(lines: readonly string[]): number {
  return lines.reduce((n, line) => n + line.split(/\s+/).filter(Boolean).length, 0);
}

export function createOpenAiScriptWriter(options: OpenAiScriptWriterOptions): ScriptWriter {
  const { model, timeoutMs, logger } = options;
  const client = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, timeout: timeoutMs + 1000, maxRetries: options.maxRetries });
  const log = logger.child({ category: 'script-writer', provider: PROVIDER, model });
  let mode: ResponseFormatMode = options.responseFormat ?? 'json_schema';

  async function complete(messages: ChatCompletionMessageParam[], signal?: AbortSignal): Promise<string> {
    for (;;) {
      const body: ChatCompletionCreateParamsNonStreaming = { model, messages, temperature: 0.8 };
      if (mode === 'json_schema') {
        body.response_format = { type: 'json_schema', json_schema: { name: 'video_script', strict: true, schema: ANSWER_JSON_SCHEMA } };
      } else if (mode === 'json_object') {
        body.response_format = { type: 'json_object' };
      }
      const limit = deadline(timeoutMs, signal);
      try {
        const completion = await client.chat.completions.create(body, { signal: limit.signal });
        const choice = completion.choices?.[0];
        const content = choice?.message?.content;
        if (choice?.message?.refusal) {
          throw new ProviderError(`${PROVIDER}: the model refused to write the script: ${choice.message.refusal.slice(0, 200)}`, {
            provider: PROVIDER,
            code: 'invalid_output',
            retryable: false,
          });
        }
        return content ?? '';
      } catch (error) {
        const refused = error instanceof BadRequestError || error instanceof UnprocessableEntityError;
        if (refused && mode !== 'text' && /response_format|json_schema|json_object|structured/i.test(error.message)) {
          const next: ResponseFormatMode = mode === 'json_schema' ? 'json_object' : 'text';
          log.warn({ from: mode, to: next }, 'server refused the response format; falling back');
          mode = next;
          continue;
        }
        throw fromOpenAiError(PROVIDER, error, signal, limit);
      }
    }
  }

  return {
    name: 'openai',
    async write(request: ScriptRequest, signal?: AbortSignal): Promise<ScriptResult> {
      throwIfAborted(PROVIDER, signal);
      const budget = narrationBudget(request.minDurationSeconds, request.durationSeconds);
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: systemPrompt() },
        { role: 'user', content: userPrompt(request, budget) },
      ];
      const started = Date.now();
      let problem = '';
      for (let attempt = 1; attempt <= 2; attempt++) {
        const content = await complete(messages, signal);
        const outcome = parseAnswer(content, budget);
        if (outcome.ok) {
          log.info({ attempt, words: countWords(outcome.script.narrationScript), lines: outcome.script.narrationScript.length, ms: Date.now() - started }, 'script written');
          return outcome.script;
        }
        problem = outcome.problem;
        log.warn({ attempt, problem }, 'script answer invalid');
        messages.push({ role: 'assistant', content: content.slice(0, 8000) });
        messages.push({ role: 'user', content: correctivePrompt(problem, budget) });
      }
      throw new ProviderError(`${PROVIDER}: the model did not return a valid script after a corrective retry (${problem})`, {
        provider: PROVIDER,
        code: 'invalid_output',
      });
    },
  };
}

type ParseOutcome = { ok: true; script: ScriptResult } | { ok: false; problem: string };

/** Extracts, validates and normalises the model's answer. Exported for unit tests. */
function parseAnswer(content: string, budget: ReturnType<typeof narrationBudget>): ParseOutcome {
  const json = extractJson(content);
  if (json === undefined) return { ok: false, problem: 'the answer was not a JSON object' };
  const candidate = json as Record<string, unknown>;
  if (typeof candidate.title === 'string') candidate.title = clampTitle(candidate.title);
  const parsed = scriptAnswerSchema.safeParse(candidate);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return { ok: false, problem: issues.join('; ') };
  }
  const { title, description, narrationScript, scenes } = parsed.data;
  const words = countWords(narrationScript);
  // Loose bounds: a little outside the range is fine, a script twice too long or short is not.
  if (words < budget.minWords * 0.5 || words > budget.maxWords * 1.5) {
    return { ok: false, problem: `the narration has ${words} words; it needs ${budget.minWords} to ${budget.maxWords}` };
  }
  return { ok: true, script: { title, description, narrationScript, scenes } };
}

/** JSON from a bare answer, a ```json fenced block, or the outermost {...} in prose. */
function extractJson(content: string): unknown {
  const attempts = [content.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  if (fenced) attempts.push(fenced[1].trim());
  const first = content.indexOf('{');
  const last = content.lastIndexOf('}');
  if (first >= 0 && last > first) attempts.push(content.slice(first, last + 1));
  for (const text of attempts) {
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value;
    } catch {
      // try the next form
    }
  }
  return undefined;
}

/** At most TITLE_MAX characters, cut at a word boundary when one is near. */
function clampTitle(title: string): string {
  const clean = title.trim().replace(/\s+/g, ' ');
  if (clean.length <= TITLE_MAX) return clean;
  const cut = clean.slice(0, TITLE_MAX);
  const space = cut.lastIndexOf(' ');
  return (space > TITLE_MAX * 0.6 ? cut.slice(0, space) : cut).trim();
}

function systemPrompt(): string {
  return [
    'You write scripts for faceless short videos (TikTok, YouTube Shorts, Instagram Reels).',
    'A hook in the first line, one idea per line, concrete facts, no stage directions, no emojis or hashtags in the narration, no speaker labels.',
    'Answer with one JSON object only, with exactly these keys:',
    '"title" (string), "description" (string, the caption), "narrationScript" (array of strings), "scenes" (array of strings).',
  ].join('\n');
}

function userPrompt(request: ScriptRequest, budget: ReturnType<typeof narrationBudget>): string {
  const style = findArtStyle(request.style);
  const subject = request.customPrompt?.trim() ? `Custom topic: ${request.customPrompt.trim()}` : `Topic: ${request.topic}`;
  return [
    subject,
    `Language of the title, caption and narration: ${request.language}.`,
    `The narration is read aloud at about ${WORDS_PER_SECOND} words per second and must last between ${request.minDurationSeconds} and ${request.durationSeconds} seconds:`,
    `write ${budget.minWords} to ${budget.maxWords} words in total (aim for ${budget.targetWords}), split into about ${budget.lines} lines.`,
    `"title": a catchy title of at most ${TITLE_MAX} characters.`,
    `"description": a caption of at most ${CAPTION_MAX} characters, 2 to 4 sentences, may end with a few hashtags.`,
    '"narrationScript": the narration lines, in order.',
    `"scenes": exactly one scene description per narration line (same count), in English whatever the narration language, describing a single still image${style ? ` to be drawn as: ${style.label} (${style.prompt})` : ''}. No text or letters in the images.`,
  ].join('\n');
}

function correctivePrompt(problem: string, budget: ReturnType<typeof narrationBudget>): string {
  return [
    `Your previous answer could not be used: ${problem}.`,
    `Answer again with only the JSON object {"title", "description", "narrationScript", "scenes"}: title at most ${TITLE_MAX} characters,`,
    `caption at most ${CAPTION_MAX} characters, ${budget.minWords} to ${budget.maxWords} words of narration, and as many scenes as narration lines.`,
  ].join(' ');
}
