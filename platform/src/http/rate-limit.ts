import type { Request, RequestHandler } from 'express';
import { TooManyRequestsError } from '@app/domain';

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please try again in a few minutes.';

/** A fixed-window counter per key, in memory (one per process; put a shared store behind it to scale). */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; throws 429 once `max` hits happened inside the window. */
  hit(key: string): void {
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.windows.size > 50_000) this.sweep(now);
      return;
    }
    current.count += 1;
    if (current.count > this.max) throw new TooManyRequestsError(RATE_LIMIT_MESSAGE);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/** Middleware limiting by client IP and, when the body names one, by account email. */
export function rateLimit(limiter: RateLimiter, scope: string): RequestHandler {
  return (req: Request, _res, next) => {
    limiter.hit(`${scope}:ip:${req.ip}`);
    const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : null;
    if (email) limiter.hit(`${scope}:account:${email}`);
    next();
  };
}
