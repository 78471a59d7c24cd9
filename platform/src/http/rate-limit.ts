import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Request, RequestHandler } from 'express';
import Database from 'better-sqlite3';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '@app/domain';

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please try again in a few minutes.';

/** Counts attempts per key in a fixed window; `hit` throws 429 past the limit. */
export interface RateLimiter {
  hit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  /** Attempts allowed per key in one window. */
  max: number;
  windowMs: number;
}

class FlexibleRateLimiter implements RateLimiter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly release: () => Promise<void> = async () => undefined,
  ) {}

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

const limits = ({ max, windowMs }: RateLimitOptions) => ({ points: max, duration: Math.max(1, Math.ceil(windowMs / 1000)) });

/** In this process only: for tests and single-process tools. */
export function memoryRateLimiter(options: RateLimitOptions): RateLimiter {
  return new FlexibleRateLimiter(new RateLimiterMemory(limits(options)));
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
    const limiter = new RateLimiterMongo({ storeClient: client, dbName, tableName, ...limits(options) });
    return new FlexibleRateLimiter(limiter, () => client.close());
  }
  if (readStoreUrl !== ':memory:') mkdirSync(dirname(readStoreUrl), { recursive: true });
  const db = new Database(readStoreUrl, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE IF NOT EXISTS ${tableName} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`);
  const limiter = new RateLimiterSQLite({ storeClient: db, storeType: 'better-sqlite3', tableName, tableCreated: true, clearExpiredByTimeout: true, ...limits(options) });
  return new FlexibleRateLimiter(limiter, async () => void db.close());
}

export interface RateLimitMiddlewareOptions {
  /** This request is not counted against the account (a browser that signed in to it before). */
  exemptAccount?: (req: Request, email: string) => Promise<boolean>;
}

/** Middleware limiting by client IP and, when the body names one, by account email. */
export function rateLimit(limiter: RateLimiter, scope: string, options: RateLimitMiddlewareOptions = {}): RequestHandler {
  return (req: Request, _res, next) => {
    const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : null;
    const check = async () => {
      await limiter.hit(`${scope}:ip:${req.ip}`);
      if (email && !(await options.exemptAccount?.(req, email))) await limiter.hit(`${scope}:account:${email}`);
    };
    check().then(() => next(), next);
  };
}
