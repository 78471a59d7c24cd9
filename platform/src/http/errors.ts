import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, ValidationError } from '@app/domain';
import { WrongExpectedRevisionError } from '../event-store/port';
import type { Logger } from '../logging/logger';

/** What a request hears while a store or broker it needs cannot be reached (a restart, a failover). */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/** Seconds a client is asked to wait before it asks again while a store or a service is out of reach. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/**
 * Signs that a store or broker could not be reached at all: nothing of the request was carried out.
 * Socket codes of a connection never made (and SQLite's busy file, whose transaction never began);
 * PostgreSQL's "could not establish" (08001, 08004), "cannot connect now" (57P03), "no slot left"
 * (53300); the drivers' names for a server they never found.
 */
const NEVER_REACHED_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'SQLITE_BUSY', '08001', '08004', '57P03', '53300']);
const NEVER_REACHED_NAMES = new Set(['MongoServerSelectionError', 'MongoNotConnectedError', 'KafkaJSConnectionError']);
/** pg's pool says this in words only. */
const NEVER_REACHED_TEXT = /^timeout exceeded when trying to connect/;

/**
 * Signs of a connection cut while the request was under way: the store may have carried it out
 * before the answer was lost. Sockets reset or timed out; PostgreSQL's other connection exceptions
 * (class 08) and a server shutting down (57P01, 57P02); pg's "Connection terminated"; MongoDB's
 * network errors; KurrentDB's unavailable.
 */
const CUT_CODES = new Set(['ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02']);
const CUT_POSTGRES_CLASS = /^08...$/;
const CUT_NAMES = new Set(['MongoNetworkError', 'MongoNetworkTimeoutError', 'UnavailableError']);
const CUT_TEXT = /^Connection terminated/;

/** How a store or broker was out of reach: `before` the request got to it, or `during` it. */
export type Unreachable = 'before' | 'during';

/**
 * Whether an error says a store or broker was out of reach, rather than that the request or the
 * code is wrong, and when: by its own code, name or words, or those of an error it was caused by
 * or aggregates. Null for any other error.
 */
export function unreachable(error: unknown, depth = 0): Unreachable | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  const { code, name, message, cause, errors } = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && NEVER_REACHED_CODES.has(code)) return 'before';
  if (typeof name === 'string' && NEVER_REACHED_NAMES.has(name)) return 'before';
  if (typeof message === 'string' && NEVER_REACHED_TEXT.test(message)) return 'before';
  if (typeof code === 'string' && (CUT_CODES.has(code) || CUT_POSTGRES_CLASS.test(code))) return 'during';
  if (typeof name === 'string' && CUT_NAMES.has(name)) return 'during';
  if (typeof message === 'string' && CUT_TEXT.test(message)) return 'during';
  const inner = [...(Array.isArray(errors) ? errors : []), cause].map((e) => unreachable(e, depth + 1));
  return inner.includes('during') ? 'during' : inner.includes('before') ? 'before' : null;
}

/**
 * The one error middleware: typed domain errors become their 4xx with `{ error, details? }`
 * (the field the spec's client reads); a store or broker out of reach is a 503, with Retry-After
 * (which the web app asks again) unless a write may have been carried out; anything else is a
 * logged 500 that leaks nothing.
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
    const outOfReach = unreachable(error);
    if (outOfReach) {
      logger.warn({ err: error, method: req.method, path: req.path, category: 'http', correlationId: req.correlationId, outOfReach }, 'A store or broker is out of reach; answered 503');
      // Retry-After invites the client to send it again: safe for a read, or when nothing of it was carried out.
      // A write cut midway may have been, so the client is told without the invitation.
      if (req.method === 'GET' || req.method === 'HEAD' || outOfReach === 'before') res.setHeader('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
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
