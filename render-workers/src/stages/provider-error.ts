import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from 'openai';

/**
 * Why a cloud provider call failed. The render worker reads `retryable` to choose between
 * retrying the render later and failing it with a reason a person can read (`message`).
 */
export type ProviderErrorCode =
  | 'auth' // bad or missing key: retrying will not help
  | 'quota' // out of credits / billing limit
  | 'rate_limit' // 429: slow down and retry
  | 'server' // 5xx from the provider
  | 'timeout'
  | 'network'
  | 'aborted' // the caller's AbortSignal fired
  | 'invalid_request' // 400/404/422: our request or configuration is wrong
  | 'invalid_output' // the provider answered, but not with what we asked for
  | 'unknown';

const RETRYABLE: Record<ProviderErrorCode, boolean> = {
  auth: false,
  quota: false,
  rate_limit: true,
  server: true,
  timeout: true,
  network: true,
  aborted: false,
  invalid_request: false,
  invalid_output: true,
  unknown: false,
};

export interface ProviderErrorOptions {
  provider: string;
  code: ProviderErrorCode;
  status?: number;
  /** Defaults from the code (rate limits, 5xx, timeouts and network errors are retryable). */
  retryable?: boolean;
  cause?: unknown;
}

/** A typed failure of a cloud adapter (OpenAI, ElevenLabs, ...). Never carries a key. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly provider: string;
  readonly code: ProviderErrorCode;
  readonly status: number | undefined;
  readonly retryable: boolean;

  constructor(message: string, options: ProviderErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.provider = options.provider;
    this.code = options.code;
    this.status = options.status;
    this.retryable = options.retryable ?? RETRYABLE[options.code];
  }
}

/** The error for a fired AbortSignal. */
export function abortedError(provider: string, cause?: unknown): ProviderError {
  return new ProviderError(`${provider}: the request was cancelled`, { provider, code: 'aborted', cause });
}

/** Throws the `aborted` ProviderError if the signal has fired. */
export function throwIfAborted(provider: string, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError(provider, signal.reason);
}

/** Code for an HTTP status, when the body says nothing more precise. */
export function codeForStatus(status: number): ProviderErrorCode {
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'quota';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  if (status >= 400) return 'invalid_request';
  return 'unknown';
}

/** A short human sentence for a code; the adapters append the provider's own message. */
export function describeCode(code: ProviderErrorCode): string {
  switch (code) {
    case 'auth':
      return 'the API key was rejected (check the configured key)';
    case 'quota':
      return 'the account has run out of quota or credits';
    case 'rate_limit':
      return 'rate limited by the provider';
    case 'server':
      return 'the provider had a server error';
    case 'timeout':
      return 'the provider did not answer in time';
    case 'network':
      return 'could not reach the provider';
    case 'aborted':
      return 'the request was cancelled';
    case 'invalid_request':
      return 'the provider refused the request';
    case 'invalid_output':
      return 'the provider answered with unusable output';
    case 'unknown':
      return 'the provider call failed';
  }
}

export interface Deadline {
  /** Fires when the caller aborts or the time is up. */
  signal: AbortSignal;
  /** True when the time ran out (and the caller did not abort). */
  timedOut(): boolean;
  timeoutMs: number;
}

/**
 * A deadline for one provider call, retries included, combined with the caller's signal.
 * Adapters pass `signal` to the SDK or fetch and tell timeouts from cancellations afterwards.
 */
export function deadline(timeoutMs: number, signal?: AbortSignal): Deadline {
  const timeout = AbortSignal.timeout(timeoutMs);
  return {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    timedOut: () => timeout.aborted && !signal?.aborted,
    timeoutMs,
  };
}

export function timeoutError(provider: string, timeoutMs: number, cause?: unknown): ProviderError {
  return new ProviderError(`${provider}: ${describeCode('timeout')} (${timeoutMs} ms)`, { provider, code: 'timeout', cause });
}

/**
 * Maps anything the `openai` SDK throws into a ProviderError. The SDK has already retried
 * 408/409/429/5xx `maxRetries` times by the time this runs. Pass the call's deadline so a
 * timeout is reported as such (the SDK sees it as an abort).
 */
export function fromOpenAiError(provider: string, error: unknown, signal?: AbortSignal, limit?: Deadline): ProviderError {
  if (error instanceof ProviderError) return error;
  if (limit?.timedOut()) return timeoutError(provider, limit.timeoutMs, error);
  if (error instanceof APIUserAbortError || signal?.aborted) return abortedError(provider, error);
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError(`${provider}: ${describeCode('timeout')}`, { provider, code: 'timeout', cause: error });
  }
  if (error instanceof APIConnectionError) {
    return new ProviderError(`${provider}: ${describeCode('network')}`, { provider, code: 'network', cause: error });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const apiCode = typeof error.code === 'string' ? error.code : undefined;
    let code = codeForStatus(error.status);
    if (apiCode === 'insufficient_quota' || apiCode === 'billing_hard_limit_reached') code = 'quota';
    const detail = providerMessage(error);
    return new ProviderError(`${provider}: ${describeCode(code)} (HTTP ${error.status}${detail ? `: ${detail}` : ''})`, {
      provider,
      code,
      status: error.status,
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(`${provider}: ${describeCode('unknown')}: ${message}`, { provider, code: 'unknown', cause: error });
}

function providerMessage(error: APIError): string | undefined {
  const body = error.error as { message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : undefined;
  return message ? redactKeys(message).slice(0, 300) : undefined;
}

/** Provider messages sometimes echo the key back ("Incorrect API key provided: sk-..."): blank it. */
export function redactKeys(text: string): string {
  return text.replace(/\bsk[-_][-_A-Za-z0-9*]{6,}/g, '[redacted]');
}
