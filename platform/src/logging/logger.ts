import pino, { type Logger } from 'pino';

export type { Logger };

/** Paths pino blanks out wherever they appear: secrets never reach a log line. */
export const REDACTED_PATHS = [
  'password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'authorization',
  'apiKey', 'secret', 'clientSecret',
  '*.password', '*.newPassword', '*.currentPassword', '*.token', '*.accessToken', '*.refreshToken', '*.authorization',
  '*.apiKey', '*.secret', '*.clientSecret',
  'req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie',
];

export interface LoggerOptions {
  level?: string;
  /** Where lines go; defaults to stdout. Tests pass a stream to read them. */
  destination?: pino.DestinationStream;
}

/** One logger per service, tagged with `service`; children add `category` and correlation ids. */
export function createLogger(service: string, options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: { service },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination,
  );
}

/** Fields for a log line about an event or message: its correlation and causation ids. */
export function traceFields(metadata: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!metadata) return {};
  return { correlationId: metadata.correlationId, causationId: metadata.causationId };
}
