import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { DevMailbox, SessionTokens, memoryRateLimiter, type BackoffOptions, type RateLimiter, createLogger, errorMiddleware, openSqliteEventStore, requestContext, routerFor, type EventStore } from '@app/platform';
import { devMailboxHandlers } from '../../mail/dev-mailbox-pages';
import type { GoogleSignInConfig } from '../deps';
import { authHandlers } from '../handlers';

export const JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';
export const PUBLIC_URL = 'http://studio.test';
export const STRONG_PASSWORD = 'secret1!';

export interface AuthAppOptions {
  /** Rate limit per window; generous by default so only the rate-limit tests meet it. */
  rateLimitMax?: number;
  /** A limiter of the test's own (a shared store); default: in memory with rateLimitMax. */
  limiter?: RateLimiter;
  /** The backoff on wrong passwords per account (default: the product's). */
  signInBackoff?: BackoffOptions;
  tokenTtlSeconds?: number;
  resetTtlMinutes?: number;
  google?: GoogleSignInConfig | null;
}

export interface AuthApp {
  app: express.Express;
  store: EventStore;
  mailbox: DevMailbox;
  tokens: SessionTokens;
  dataDir: string;
  /** Every log line written so far. */
  logs: () => string;
  /** Moves the app's clock (command metadata) forward. */
  advanceClock: (ms: number) => void;
  close: () => Promise<void>;
}

/**
 * The auth routes (mounted from the route table) on a real express app with the real SQLite event store in a temp dir, real
 * session tokens, the real dev mailbox and a real rate limiter. Trusts X-Forwarded-For so tests
 * can play several client IPs.
 */
export function createAuthApp(options: AuthAppOptions = {}): AuthApp {
  const dataDir = mkdtempSync(join(tmpdir(), 'auth-app-'));
  const store = openSqliteEventStore({ file: join(dataDir, 'events.db') });
  const mailbox = new DevMailbox(join(dataDir, 'mailbox.jsonl'));
  const tokens = new SessionTokens(JWT_SECRET, options.tokenTtlSeconds ?? 3600);
  let lines = '';
  const logger = createLogger('command-api', {
    level: 'debug',
    destination: new Writable({
      write(chunk, _encoding, callback) {
        lines += chunk.toString();
        callback();
      },
    }),
  });
  let offsetMs = 0;
  const app = express();
  app.set('trust proxy', true);
  app.use(requestContext());
  app.use(routerFor({
    ...authHandlers({
      eventStore: store,
      tokens,
      mailer: mailbox,
      logger,
      limiter: options.limiter ?? memoryRateLimiter({ max: options.rateLimitMax ?? 1000, windowMs: 15 * 60_000 }),
      signInBackoff: options.signInBackoff,
      config: { publicUrl: PUBLIC_URL, resetTtlMinutes: options.resetTtlMinutes ?? 60, google: options.google ?? null },
      now: () => new Date(Date.now() + offsetMs),
    }),
    ...devMailboxHandlers(mailbox),
  }, { tokens }));
  app.use(errorMiddleware(logger));
  return {
    app,
    store,
    mailbox,
    tokens,
    dataDir,
    logs: () => lines,
    advanceClock: (ms) => {
      offsetMs += ms;
    },
    close: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A fresh email per test. */
export const anEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Registers through the API and answers the token and the email. */
export async function registerUser(app: express.Express, overrides: { name?: string; email?: string; password?: string } = {}) {
  const body = { name: 'Ada Lovelace', email: anEmail(), password: STRONG_PASSWORD, ...overrides };
  const res = await request(app).post('/api/auth/register').send(body).expect(201);
  return { ...body, token: res.body.token as string, position: res.body.position as number };
}
