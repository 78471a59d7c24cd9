import { DEFAULT_SCRIPT_ANSWER, captureLogger, startOpenAiStandIn, type OpenAiStandIn } from '../../testing/openai-stand-in';
import { ProviderError } from '../provider-error';
import { createOpenAiScriptWriter, type OpenAiScriptWriterOptions } from './openai-writer';
import type { ScriptRequest } from './port';

const aScriptRequest = (overrides: Partial<ScriptRequest> = {}): ScriptRequest => ({
  topic: 'Random Facts',
  customPrompt: null,
  language: 'English',
  minDurationSeconds: 15,
  durationSeconds: 30,
  style: 'watercolor',
  seed: 'video-1',
  ...overrides,
});

describe('OpenAI script writer against the local stand-in', () => {
  let standIn: OpenAiStandIn;
  let logs: ReturnType<typeof captureLogger>;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.reset();
    logs = captureLogger();
  });

  const writer = (overrides: Partial<OpenAiScriptWriterOptions> = {}) =>
    createOpenAiScriptWriter({ baseURL: standIn.baseURL, apiKey: standIn.apiKey, model: 'gpt-4o-mini', timeoutMs: 5000, maxRetries: 2, logger: logs.logger, ...overrides });

  const expectProviderError = async (promise: Promise<unknown>): Promise<ProviderError> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  };

  describe('When the server answers a valid script', () => {
    it('should send the key, the model and a json_schema response format, and return the script with its scenes', async () => {
      const result = await writer().write(aScriptRequest({ language: 'Spanish', customPrompt: 'The history of chocolate' }));

      expect(result).toEqual(DEFAULT_SCRIPT_ANSWER);
      const [call] = standIn.requestsTo('/v1/chat/completions');
      expect(call.headers.authorization).toBe(`Bearer ${standIn.apiKey}`);
      expect(call.body.model).toBe('gpt-4o-mini');
      expect(call.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'video_script', strict: true } });
      const user = (call.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')!;
      expect(user.content).toContain('The history of chocolate');
      expect(user.content).toContain('Spanish');
      expect(user.content).toMatch(/38 to 75 words/);
      expect(user.content).toContain('watercolour');
    });

    it('should clamp a title longer than 100 characters', async () => {
      const longTitle = `${'A very long title about octopuses '.repeat(5)}end`;
      standIn.setChatReply(() => JSON.stringify({ ...DEFAULT_SCRIPT_ANSWER, title: longTitle }));

      const result = await writer().write(aScriptRequest());

      expect(result.title.length).toBeLessThanOrEqual(100);
      expect(longTitle.startsWith(result.title)).toBe(true);
    });

    it('should fall back to json_object when the server refuses json_schema, and parse JSON wrapped in prose', async () => {
      standIn.setSupportsJsonSchema(false);
      standIn.setChatReply(() => `Here you go:\n\`\`\`json\n${JSON.stringify(DEFAULT_SCRIPT_ANSWER)}\n\`\`\``);
      const sameWriter = writer();

      const result = await sameWriter.write(aScriptRequest());
      await sameWriter.write(aScriptRequest());

      expect(result.narrationScript).toEqual(DEFAULT_SCRIPT_ANSWER.narrationScript);
      const formats = standIn.requestsTo('/v1/chat/completions').map((r) => (r.body.response_format as { type: string }).type);
      expect(formats).toEqual(['json_schema', 'json_object', 'json_object']);
    });
  });

  describe('When the output is invalid', () => {
    it('should retry once with a corrective message and return the corrected script', async () => {
      standIn.fail('malformed');

      const result = await writer().write(aScriptRequest());

      expect(result.scenes).toHaveLength(result.narrationScript.length);
      const calls = standIn.requestsTo('/v1/chat/completions');
      expect(calls).toHaveLength(2);
      const retryMessages = calls[1].body.messages as Array<{ role: string; content: string }>;
      expect(retryMessages.at(-2)?.role).toBe('assistant');
      expect(retryMessages.at(-1)?.content).toMatch(/could not be used: the answer was not a JSON object/);
    });

    it('should correct a script whose scenes do not match its lines', async () => {
      let call = 0;
      standIn.setChatReply(() => JSON.stringify(call++ === 0 ? { ...DEFAULT_SCRIPT_ANSWER, scenes: ['only one'] } : DEFAULT_SCRIPT_ANSWER));

      await writer().write(aScriptRequest());

      const retryMessages = standIn.requestsTo('/v1/chat/completions')[1].body.messages as Array<{ content: string }>;
      expect(retryMessages.at(-1)?.content).toMatch(/one entry per narrationScript line/);
    });

    it('should throw an invalid_output ProviderError after the corrective retry also fails', async () => {
      standIn.fail('malformed', 2);

      const error = await expectProviderError(writer().write(aScriptRequest()));

      expect(error).toMatchObject({ provider: 'openai', code: 'invalid_output' });
      expect(error.message).toMatch(/did not return a valid script after a corrective retry/);
      expect(standIn.requestsTo('/v1/chat/completions')).toHaveLength(2);
    });

    it('should reject a narration far too long for the duration range', async () => {
      const long = Array.from({ length: 6 }, () => 'word '.repeat(40).trim());
      standIn.setChatReply(() => JSON.stringify({ ...DEFAULT_SCRIPT_ANSWER, narrationScript: long }));

      const error = await expectProviderError(writer().write(aScriptRequest()));

      expect(error.message).toMatch(/240 words; it needs 38 to 75/);
    });
  });

  describe('When the key is rejected', () => {
    it('should throw a non-retryable auth ProviderError without retrying or leaking the key', async () => {
      const error = await expectProviderError(writer({ apiKey: 'sk-wrong-key-1234567890' }).write(aScriptRequest()));

      expect(error).toMatchObject({ code: 'auth', status: 401, retryable: false });
      expect(error.message).toMatch(/API key was rejected/);
      expect(error.message).not.toContain('sk-wrong-key-1234567890');
      expect(standIn.requestsTo('/v1/chat/completions')).toHaveLength(1);
    });
  });

  describe('When the server is rate limited or failing', () => {
    it('should retry a 429 and a 500 and succeed', async () => {
      standIn.fail('rate_limit');
      standIn.fail('server_error');

      const result = await writer().write(aScriptRequest());

      expect(result.title).toBe(DEFAULT_SCRIPT_ANSWER.title);
      expect(standIn.requestsTo('/v1/chat/completions')).toHaveLength(3);
    });

    it('should give up with a retryable rate_limit error once retries are spent', async () => {
      standIn.fail('rate_limit', 3);

      const error = await expectProviderError(writer({ maxRetries: 2 }).write(aScriptRequest()));

      expect(error).toMatchObject({ code: 'rate_limit', status: 429, retryable: true });
      expect(standIn.requestsTo('/v1/chat/completions')).toHaveLength(3);
    });

    it('should not retry an exhausted quota', async () => {
      standIn.fail('quota');

      const error = await expectProviderError(writer().write(aScriptRequest()));

      expect(error).toMatchObject({ code: 'quota', retryable: false });
      expect(standIn.requestsTo('/v1/chat/completions')).toHaveLength(1);
    });
  });

  describe('When the server is too slow', () => {
    it('should fail with a timeout within the configured time', async () => {
      standIn.fail({ delayMs: 5000 });
      const started = Date.now();

      const error = await expectProviderError(writer({ timeoutMs: 300, maxRetries: 0 }).write(aScriptRequest()));

      expect(error).toMatchObject({ code: 'timeout', retryable: true });
      expect(Date.now() - started).toBeLessThan(1500);
    });

    it('should stop when the AbortSignal fires', async () => {
      standIn.fail({ delayMs: 5000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 150);
      const started = Date.now();

      const error = await expectProviderError(writer().write(aScriptRequest(), controller.signal));

      expect(error).toMatchObject({ code: 'aborted', retryable: false });
      expect(Date.now() - started).toBeLessThan(1500);
    });
  });

  it('should never log the API key', async () => {
    standIn.fail('malformed');
    await writer().write(aScriptRequest());
    await writer({ apiKey: 'sk-wrong-key-1234567890' }).write(aScriptRequest()).catch(() => undefined);

    expect(logs.text()).not.toContain(standIn.apiKey);
    expect(logs.text()).not.toContain('sk-wrong-key');
    expect(logs.text()).toContain('script written');
  });
});
