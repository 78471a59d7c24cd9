import type { Request, RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '@app/domain';
import { openSqliteFile } from '../shared/sqlite-file';

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please try again in a few minutes.';

/** Counts attempts per key in a fixed window; `hit` throws 429 past the limit. */
export interface RateLimiter {
  hit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** A backoff on failures in a row, kept in the same store (so shared by every instance). */
  failureBackoff(name: string, options?: BackoffOptions): FailureBackoff;
  close(): Promise<void>;
}

export interface BackoffOptions {
  /** Failures in a row that cost nothing. Default 5. */
  free?: number;
  /** The first wait after them (ms); each further failure doubles it. Default 30 s. */
  baseMs?: number;
  /** The longest wait (ms). Default 15 minutes. */
  maxMs?: number;
  /** A run of failures is forgotten this long after its last one (ms). Default 24 hours. */
  memoryMs?: number;
}

/**
 * Failures in a row per key with an exponential wait past the free ones: 5 wrong passwords cost
 * nothing, the 6th makes the key wait 30 s, the 7th 1 min, then 2, 4, 8 and at most 15 min each.
 * A success (or a password reset) starts the count again.
 */
export interface FailureBackoff {
  /** Throws 429 while the key waits out its backoff. */
  check(key: string): Promise<void>;
  /** Records one more failure; past the free ones the key must wait. */
  failed(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface RateLimitOptions {
  /** Attempts allowed per key in one window. */
  max: number;
  windowMs: number;
}

/** Options of rate-limiter-flexible's limiters, whatever their store. */
interface LimiterOptions {
  keyPrefix?: string;
  points: number;
  duration: number;
}

class FlexibleRateLimiter implements RateLimiter {
  private readonly limiter: RateLimiterAbstract;

  /** `make` builds a limiter on this store: the fixed-window one, and those of any backoff. */
  constructor(
    limits: LimiterOptions,
    private readonly make: (options: LimiterOptions) => RateLimiterAbstract,
    private readonly release: () => Promise<void> = async () => undefined,
  ) {
    this.limiter = make(limits);
  }

  failureBackoff(name: string, options: BackoffOptions = {}): FailureBackoff {
    const free = options.free ?? 5;
    const baseMs = options.baseMs ?? 30_000;
    const maxMs = options.maxMs ?? 15 * 60_000;
    // Failures are counted over `memoryMs`; a wait is a block on a second limiter of one point.
    const failures = this.make({ keyPrefix: `${name}-failures`, points: Number.MAX_SAFE_INTEGER, duration: seconds(options.memoryMs ?? 24 * 3600_000) });
    const waits = this.make({ keyPrefix: `${name}-wait`, points: 1, duration: 1 });
    return {
      async check(key) {
        const wait = await waits.get(key);
        if (wait && wait.consumedPoints > 1 && wait.msBeforeNext > 0) throw new TooManyRequestsError(RATE_LIMIT_MESSAGE);
      },
      async failed(key) {
        const { consumedPoints: inARow } = await failures.penalty(key, 1);
        if (inARow <= free) return;
        await waits.block(key, seconds(Math.min(maxMs, baseMs * 2 ** (inARow - free - 1))));
      },
      async reset(key) {
        await Promise.all([failures.delete(key), waits.delete(key)]);
      },
    };
  }

  async hit(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (error) {
      // rate-limiter-flexible rejects with a RateLimiterRes when the key is over its points.
      if (error instanceof RateLimiterRes) throw new TooManyRequestsError(RATE_LIMIT_MESSAGE);
      throw error;
    }
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  close(): Promise<void> {
    return this.release();
  }
}

const SWEEP_EVERY_MS = 5 * 60_000;
const SWEEP_AGE_MS = 60 * 60_000;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const limits = ({ max, windowMs }: RateLimitOptions): LimiterOptions => ({ points: max, duration: seconds(windowMs) });

/** In this process only: for tests and single-process tools. */
export function memoryRateLimiter(options: RateLimitOptions): RateLimiter {
  return new FlexibleRateLimiter(limits(options), (o) => new RateLimiterMemory(o));
}

/**
 * Limits shared by every instance, kept beside the read models (rate-limiter-flexible): a table in
 * the embedded SQLite file that every process on the machine opens, or a collection of the
 * MongoDB-wire database. Two command-api instances therefore count one account's attempts together.
 */
export async function openRateLimiter(readStoreUrl: string, options: RateLimitOptions): Promise<RateLimiter> {
  const tableName = 'rate_limits';
  if (/^mongodb(\+srv)?:\/\//.test(readStoreUrl)) {
    const { MongoClient } = await import('mongodb'); // loaded only on MongoDB
    const client = await new MongoClient(readStoreUrl).connect();
    const dbName = /^mongodb(\+srv)?:\/\/[^/]+\/([^/?]+)/.exec(readStoreUrl)?.[2] ?? 'faceless';
    return new FlexibleRateLimiter(limits(options), (o) => new RateLimiterMongo({ storeClient: client, dbName, tableName, ...o }), () => client.close());
  }
  const file = openSqliteFile(readStoreUrl);
  const { db } = file;
  db.exec(`CREATE TABLE IF NOT EXISTS ${tableName} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`);
  // Expired counters are swept here rather than by the library's own timer, which nothing can stop:
  // it outlived close() and threw on the closed file.
  const sweep = setInterval(() => {
    try {
      db.prepare(`DELETE FROM ${tableName} WHERE expire < ?`).run(Date.now() - SWEEP_AGE_MS);
    } catch {
      // Busy or closing: the next sweep retries.
    }
  }, SWEEP_EVERY_MS).unref();
  const make = (o: LimiterOptions) => new RateLimiterSQLite({ storeClient: db, storeType: 'better-sqlite3', tableName, tableCreated: true, ...o });
  return new FlexibleRateLimiter(limits(options), make, async () => {
    clearInterval(sweep);
    file.close();
  });
}

export interface RateLimitMiddlewareOptions {
  /** Also count by the account the body names (`email`). Default true. */
  perAccount?: boolean;
}

/** The account email a request's body names, normalised, if any. */
export function accountOf(req: Request): string | null {
  return typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : null;
}

/** Middleware limiting by client IP and, unless told not to, by the account email the body names. */
export function rateLimit(limiter: RateLimiter, scope: string, options: RateLimitMiddlewareOptions = {}): RequestHandler {
  return (req: Request, _res, next) => {
    const email = options.perAccount === false ? null : accountOf(req);
    const check = async () => {
      await limiter.hit(`${scope}:ip:${req.ip}`);
      if (email) await limiter.hit(`${scope}:account:${email}`);
    };
    check().then(() => next(), next);
  };
}
