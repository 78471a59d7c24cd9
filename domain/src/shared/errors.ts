/**
 * Typed domain errors. One HTTP middleware maps them to status codes; their messages
 * are user-facing and use the product spec's wording exactly.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  constructor(message: string, readonly details?: Record<string, string>) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: bad input. `details` maps field names to their messages. */
export class ValidationError extends DomainError {
  readonly status = 400;
}
/** 401: no, forged or expired credentials; or wrong email/password. */
export class UnauthorizedError extends DomainError {
  readonly status = 401;
}
/** 403: authenticated but not entitled (plan limits, other users' data). */
export class ForbiddenError extends DomainError {
  readonly status = 403;
}
/** 404 */
export class NotFoundError extends DomainError {
  readonly status = 404;
}
/** 409: a business conflict (duplicate email, video still processing) or a concurrency clash. */
export class ConflictError extends DomainError {
  readonly status = 409;
}
/** 429 */
export class TooManyRequestsError extends DomainError {
  readonly status = 429;
}
