import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, ValidationError } from '@app/domain';
import { WrongExpectedRevisionError } from '../event-store/port';
import type { Logger } from '../logging/logger';

/** What a request hears while a store or broker it needs cannot be reached (a restart, a failover). */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/** Seconds a client is asked to wait before it asks again while a store is unreachable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'SQLITE_BUSY']);
/** PostgreSQL's: connection exceptions (class 08), a server shutting down or starting (57P01–57P03), no connection slot left (53300). */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
/** The drivers' own names for a server they cannot reach (MongoDB, KurrentDB, kafkajs). */
const UNREACHABLE_NAMES = new Set(['MongoNetworkError', 'MongoNetworkTimeoutError', 'MongoServerSelectionError', 'MongoNotConnectedError', 'UnavailableError', 'KafkaJSConnectionError']);
/** pg says these in words only: a connection cut under a query, or none free in time. */
const POSTGRES_UNREACHABLE_TEXT = /^Connection terminated|timeout exceeded when trying to connect/;

/**
 * Whether an error says a store or broker could not be reached, rather than that the request or the
 * code is wrong: its own code, name or words, or those of an error it was caused by or aggregates.
 */
export function isUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, name, message, cause, errors } = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return true;
  if (typeof name === 'string' && UNREACHABLE_NAMES.has(name)) return true;
  if (typeof message === 'string' && POSTGRES_UNREACHABLE_TEXT.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isUnreachable(inner, depth + 1))) return true;
  return isUnreachable(cause, depth + 1);
}

/**
 * The one error middleware: typed domain errors become their 4xx with `{ error, details? }`
 * (the field the spec's client reads); a store or broker out of reach is a 503 with Retry-After,
 * which the web app asks again; anything else is a logged 500 that leaks nothing.
 */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof DomainError) {
      res.status(error.status).json({ error: error.message, ...(error.details ? { details: error.details } : {}) });
      return;
    }
    if (error instanceof WrongExpectedRevisionError) {
      res.status(409).json({ error: 'This changed while you were editing it. Please try again.' });
      return;
    }
    if (error instanceof z.ZodError) {
      const v = fromZodError(error);
      res.status(400).json({ error: v.message, details: v.details });
      return;
    }
    // Malformed JSON bodies and oversized payloads from express.json().
    if (error && typeof error === 'object' && 'type' in error && (error as { type: string }).type === 'entity.parse.failed') {
      res.status(400).json({ error: 'The request body is not valid JSON' });
      return;
    }
    if (error && typeof error === 'object' && 'type' in error && (error as { type: string }).type === 'entity.too.large') {
      res.status(413).json({ error: 'The request body is too large' });
      return;
    }
    if (isUnreachable(error)) {
      logger.warn({ err: error, method: req.method, path: req.path, category: 'http', correlationId: req.correlationId }, 'A store or broker is out of reach; answered 503');
      res.setHeader('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      res.status(503).json({ error: UNAVAILABLE_MESSAGE });
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path, category: 'http', correlationId: req.correlationId }, 'Unhandled error');
    res.status(500).json({ error: 'Internal server error' });
  };
}

/** 404 for unknown /api paths, in the same body shape. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};

export function fromZodError(error: z.ZodError): ValidationError {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!Object.hasOwn(details, key)) details[key] = issue.message;
  }
  return new ValidationError(error.issues[0]?.message ?? 'Invalid request', details);
}

/** Parse with a zod schema or throw a ValidationError carrying the spec's message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
