import pino, { type Logger } from 'pino';

export type { Logger };

/** Keys whose values never reach a log line, at any depth of a logged object. */
export const REDACTED_KEYS: ReadonlySet<string> = new Set([
  'password', 'newPassword', 'currentPassword', 'passwordHash', 'token', 'tokens', 'accessToken', 'refreshToken', 'idToken',
  'authorization', 'cookie', 'set-cookie', 'apiKey', 'secret', 'clientSecret', 'encryptedTokens', 'dataKey', 'stripe-signature',
]);
const CENSOR = '[redacted]';
const MAX_DEPTH = 8;

/** A copy of a logged value with every secret-bearing key blanked out, however deep it sits. */
export function redactDeep(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (value instanceof Error || Buffer.isBuffer(value) || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = REDACTED_KEYS.has(key) ? CENSOR : redactDeep(inner, depth + 1);
  return out;
}

export interface LoggerOptions {
  level?: string;
  /** Where lines go; defaults to stdout. Tests pass a stream to read them. */
  destination?: pino.DestinationStream;
}

/** One logger per service, tagged with `service`; children add `category` and correlation ids. */
export function createLogger(service: string, options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service },
      formatters: { log: (line) => redactDeep(line) as Record<string, unknown> },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Secrets at the top of a line or of a child's bindings (formatters.log covers every depth of a line).
      redact: { paths: [...REDACTED_KEYS].map((key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`)), censor: CENSOR },
      // A key never appears twice on one line (a child's `category` and the line's, nested children),
      // which many log pipelines reject or collapse: the most specific value (the last) stays.
      hooks: { streamWrite: uniqueKeys },
    },
    options.destination ?? stdout(),
  );
}

/** Lines waiting for a slow reader beyond this are dropped rather than held in memory. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
let shared: pino.DestinationStream | null = null;

/**
 * Standard output as every logger's destination: asynchronous for pipes (a request never waits on
 * a write), bounded when the reader is slow, and silent once the reader is gone (EPIPE). pino's
 * own file destination retries a broken pipe forever when it flushes at exit, which kept stopped
 * services alive whose parent had gone away.
 */
function stdout(): pino.DestinationStream {
  if (shared) return shared;
  const reader = readerOf(process.stdout as WatchedStream);
  shared = {
    write(line: string) {
      if (!reader.gone && process.stdout.writableLength < MAX_BUFFERED_BYTES) process.stdout.write(line);
    },
  };
  return shared;
}

const READER = Symbol.for('@app/platform/logging: stdout reader');
type WatchedStream = NodeJS.WriteStream & { [READER]?: { gone: boolean } };

/** Whether the stream's reader has gone, watched by one listener per process however many copies of this module are loaded (a test runner loads one per test file). */
function readerOf(stream: WatchedStream): { gone: boolean } {
  const known = stream[READER];
  if (known) return known;
  const reader = { gone: false };
  stream.on('error', () => {
    reader.gone = true;
  });
  stream[READER] = reader;
  return reader;
}

/** A JSON line with each key once (the last value of a repeated key, as JSON.parse reads it). */
export function uniqueKeys(line: string): string {
  const newline = line.endsWith('\n');
  try {
    return JSON.stringify(JSON.parse(line)) + (newline ? '\n' : '');
  } catch {
    return line;
  }
}

/** Fields for a log line about an event or message: its correlation and causation ids. */
export function traceFields(metadata: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!metadata) return {};
  return { correlationId: metadata.correlationId, causationId: metadata.causationId };
}
