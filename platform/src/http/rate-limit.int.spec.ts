import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TooManyRequestsError } from '@app/domain';
import { openRateLimiter, RATE_LIMIT_MESSAGE, type RateLimiter } from './rate-limit';

const dir = mkdtempSync(join(tmpdir(), 'rate-limit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stores: Array<[string, () => string]> = [['the embedded SQLite file', () => join(dir, 'read-models.db')]];
if (process.env.MONGO_URL) stores.push(['the MongoDB-wire database', () => `${process.env.MONGO_URL!.replace(/\/?$/, '/')}limits_${randomUUID().slice(0, 8)}`]);

describe.each(stores)('Rate limits kept in %s', (_name, url) => {
  let first: RateLimiter;
  let second: RateLimiter;

  beforeAll(async () => {
    const store = url();
    // Two instances of a service, each with its own connection to the one store.
    first = await openRateLimiter(store, { max: 3, windowMs: 60_000 });
    second = await openRateLimiter(store, { max: 3, windowMs: 60_000 });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('should count one key across instances and refuse the attempt past the limit with 429', async () => {
    const key = `login:account:${randomUUID()}@example.com`;
    await first.hit(key);
    await second.hit(key);
    await first.hit(key);
    const refused = await second.hit(key).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as Error).message).toBe(RATE_LIMIT_MESSAGE);
    // Another key is counted on its own.
    await expect(first.hit(`login:ip:${randomUUID()}`)).resolves.toBeUndefined();
  });

  it('should start a key afresh once it is reset by either instance', async () => {
    const key = `forgot-password:account:${randomUUID()}`;
    for (let i = 0; i < 3; i++) await first.hit(key);
    await expect(second.hit(key)).rejects.toBeInstanceOf(TooManyRequestsError);
    await second.reset(key);
    await expect(first.hit(key)).resolves.toBeUndefined();
  });

  it('should hold a key once its free failures in a row are spent, whichever instance saw them, until a reset by either', async () => {
    const key = `${randomUUID()}@example.com`;
    const [a, b] = [first.failureBackoff('login-account', { free: 2, baseMs: 60_000 }), second.failureBackoff('login-account', { free: 2, baseMs: 60_000 })];
    // Given two free failures, one on each instance: nothing is held yet.
    await a.failed(key);
    await b.failed(key);
    await expect(a.check(key)).resolves.toBeUndefined();
    // When a third failure comes in, then both instances hold the key with the 429 answer,
    await a.failed(key);
    const held = await b.check(key).catch((error: unknown) => error);
    expect(held).toBeInstanceOf(TooManyRequestsError);
    expect((held as Error).message).toBe(RATE_LIMIT_MESSAGE);
    await expect(a.check(key)).rejects.toBeInstanceOf(TooManyRequestsError);
    // and another key is not held; a reset by either instance frees the key on both.
    await expect(a.check(`${randomUUID()}@example.com`)).resolves.toBeUndefined();
    await b.reset(key);
    await expect(a.check(key)).resolves.toBeUndefined();
    await a.failed(key);
    await expect(b.check(key)).resolves.toBeUndefined();
  });
});
