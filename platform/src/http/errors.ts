import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, ValidationError } from '@app/domain';
import { WrongExpectedRevisionError } from '../event-store/port';
import type { Logger } from '../logging/logger';

/**
 * The one error middleware: typed domain errors become their 4xx with `{ error, details? }`
 * (the field the spec's client reads); anything else is a logged 500 that leaks nothing.
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
