import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { runInContext, type WorkContext } from '../context/correlation';

/** The header that carries a request's correlation id in and out. */
export const CORRELATION_HEADER = 'x-correlation-id';

declare module 'express-serve-static-core' {
  interface Locals {
    /** This request's context (its correlation id). */
    context?: WorkContext;
  }
}

const VALID_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * One context per request: its correlation id (the caller's `x-correlation-id` when it looks
 * like one, otherwise a new one), echoed on the answer. Every command the request issues and
 * every log line it writes carries it (commandMetadata and the logger read the context).
 */
export function requestContext(): RequestHandler {
  return (req, res, next) => {
    const given = req.get(CORRELATION_HEADER);
    const context: WorkContext = { correlationId: given && VALID_ID.test(given) ? given : randomUUID() };
    res.locals.context = context;
    res.setHeader(CORRELATION_HEADER, context.correlationId);
    runInContext(context, next);
  };
}

/**
 * Re-enters the request's context: body parsers call `next` from the request stream's events,
 * which run outside it.
 */
export const reenterRequestContext: RequestHandler = (_req, res, next) => {
  if (res.locals.context) runInContext(res.locals.context, next);
  else next();
};
