import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { openRateLimiter } from '@app/platform';
import { anEmail, createAuthApp, registerUser, STRONG_PASSWORD, type AuthApp } from './testing/auth-app';

const TOO_MANY = { error: 'Too many attempts. Please try again in a few minutes.' };
const MAX = 3;

describe('Rate limits on /api/auth', () => {
  let t: AuthApp;
  beforeEach(() => {
    t = createAuthApp({ rateLimitMax: MAX });
  });
  afterEach(() => t.close());

  describe('POST /api/auth/login', () => {
    it(`should answer 429 after ${MAX} attempts from one IP`, async () => {
      for (let i = 0; i < MAX; i++) {
        await request(t.app).post('/api/auth/login').set('X-Forwarded-For', '203.0.113.1').send({ email: anEmail(), password: 'wrong-1!' }).expect(401);
      }
      const res = await request(t.app).post('/api/auth/login').set('X-Forwarded-For', '203.0.113.1').send({ email: anEmail(), password: 'wrong-1!' }).expect(429);
      expect(res.body).toEqual(TOO_MANY);
      await request(t.app).post('/api/auth/login').set('X-Forwarded-For', '203.0.113.2').send({ email: anEmail(), password: 'wrong-1!' }).expect(401);
    });
  });

  describe('POST /api/auth/login, wrong passwords in a row on one account', () => {
    // 5 free failures in a row, then a wait of 1 s doubling (the product waits 30 s, doubling to 15 min).
    const FREE = 5;
    let b: AuthApp;
    beforeEach(() => {
      b = createAuthApp({ signInBackoff: { free: FREE, baseMs: 1000 } });
    });
    afterEach(() => b.close());

    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const signIn = (app: AuthApp['app'], ip: string, email: string, password: string) =>
      request(app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });
    async function failTimes(app: AuthApp['app'], email: string, times: number) {
      for (let i = 0; i < times; i++) expect((await signIn(app, `198.51.100.${i}`, email, 'wrong-1!')).status).toBe(401);
    }

    it('should hold the account, across IPs and even for the right password, once the free failures are spent, for a wait that doubles', async () => {
      const user = await registerUser(b.app);
      // Given the free failures and one more (which starts a 1 s wait) from many addresses,
      await failTimes(b.app, user.email, FREE + 1);
      // then the account is held whatever the password and the address;
      const held = await signIn(b.app, '198.51.100.200', user.email.toUpperCase(), STRONG_PASSWORD);
      expect([held.status, held.body]).toEqual([429, TOO_MANY]);
      // another account is not;
      const other = await registerUser(b.app);
      expect((await signIn(b.app, '198.51.100.200', other.email, STRONG_PASSWORD)).status).toBe(200);
      // once the wait is over a guess is taken again, and a wrong one doubles the wait (2 s).
      await sleep(1100);
      expect((await signIn(b.app, '198.51.100.201', user.email, 'wrong-1!')).status).toBe(401);
      await sleep(1100);
      expect((await signIn(b.app, '198.51.100.202', user.email, STRONG_PASSWORD)).status).toBe(429);
      await sleep(1100);
      expect((await signIn(b.app, '198.51.100.203', user.email, STRONG_PASSWORD)).status).toBe(200);
    });

    it('should start the count again after a successful sign-in', async () => {
      const user = await registerUser(b.app);
      await failTimes(b.app, user.email, FREE);
      expect((await signIn(b.app, '192.0.2.1', user.email, STRONG_PASSWORD)).status).toBe(200);
      await failTimes(b.app, user.email, FREE);
      expect((await signIn(b.app, '192.0.2.1', user.email, STRONG_PASSWORD)).status).toBe(200);
    });

    it('should still let the owner in from a browser that signed in to that account before', async () => {
      const user = await registerUser(b.app);
      const signedIn = await signIn(b.app, '192.0.2.10', user.email, STRONG_PASSWORD).expect(200);
      const device = signedIn.headers['set-cookie']?.[0]?.split(';')[0] ?? '';
      expect(device).toMatch(/^studio_device=/);
      expect(signedIn.headers['set-cookie']?.[0]).toMatch(/HttpOnly/);
      // An attacker spends the account's free failures and more from many addresses.
      await failTimes(b.app, user.email, FREE + 1);
      expect((await signIn(b.app, '198.18.0.99', user.email, STRONG_PASSWORD)).status).toBe(429);
      // The owner's known browser still signs in; its cookie is no session token, and means nothing for another account.
      await signIn(b.app, '192.0.2.11', user.email, STRONG_PASSWORD).set('Cookie', device).expect(200);
      await request(b.app).get('/api/auth/me').set('Authorization', `Bearer ${device.split('=')[1]}`).expect(401);
      const other = await registerUser(b.app);
      await failTimes(b.app, other.email, FREE + 1);
      expect((await signIn(b.app, '192.0.2.11', other.email, STRONG_PASSWORD).set('Cookie', device)).status).toBe(429);
    });

    it('should let the owner in from any browser after they reset the password with the mailed link', async () => {
      const user = await registerUser(b.app);
      await failTimes(b.app, user.email, FREE + 1);
      expect((await signIn(b.app, '203.0.113.50', user.email, STRONG_PASSWORD)).status).toBe(429);
      // The reset link is not held by the backoff, and clears it.
      await request(b.app).post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const mail = (await b.mailbox.list()).find((m) => m.to === user.email)!;
      const token = /\/reset-password\/(\S+)/.exec(mail.text)![1];
      await request(b.app).post(`/api/auth/reset-password/${token}`).send({ password: 'renewed-5%' }).expect(200);
      expect((await signIn(b.app, '203.0.113.51', user.email, 'renewed-5%')).status).toBe(200);
    });
  });

  describe('POST /api/auth/register', () => {
    it(`should answer 429 after ${MAX} registrations from one IP`, async () => {
      for (let i = 0; i < MAX; i++) {
        await request(t.app).post('/api/auth/register').set('X-Forwarded-For', '203.0.113.9').send({ name: 'Ada', email: anEmail(), password: STRONG_PASSWORD }).expect(201);
      }
      const res = await request(t.app).post('/api/auth/register').set('X-Forwarded-For', '203.0.113.9').send({ name: 'Ada', email: anEmail(), password: STRONG_PASSWORD }).expect(429);
      expect(res.body).toEqual(TOO_MANY);
    });
  });

  describe('POST /api/auth/forgot-password', () => {
    it(`should answer 429 after ${MAX} requests for one account, across IPs, and send no more mail`, async () => {
      const user = await registerUser(t.app, {});
      for (let i = 0; i < MAX; i++) {
        await request(t.app).post('/api/auth/forgot-password').set('X-Forwarded-For', `192.0.2.${i}`).send({ email: user.email }).expect(200);
      }
      const res = await request(t.app).post('/api/auth/forgot-password').set('X-Forwarded-For', '192.0.2.100').send({ email: user.email }).expect(429);
      expect(res.body).toEqual(TOO_MANY);
      expect((await t.mailbox.list()).filter((m) => m.to === user.email)).toHaveLength(MAX);
    });
  });

  describe('POST /api/auth/update-password', () => {
    it(`should answer 429 after ${MAX} tries for one user`, async () => {
      const user = await registerUser(t.app);
      for (let i = 0; i < MAX; i++) {
        await request(t.app).post('/api/auth/update-password').set('Authorization', `Bearer ${user.token}`).send({ currentPassword: 'wrong-1!', newPassword: 'changed-4$' }).expect(400);
      }
      await request(t.app).post('/api/auth/update-password').set('Authorization', `Bearer ${user.token}`).send({ currentPassword: STRONG_PASSWORD, newPassword: 'changed-4$' }).expect(429);
    });
  });

  describe('When the limits are kept in the embedded file', () => {
    it('should sweep expired counters while open and leave no timer behind once closed', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'swept-limits-'));
      const store = join(dir, 'read-models.db');
      jest.useFakeTimers({ now: Date.now() });
      try {
        const limiter = await openRateLimiter(store, { max: MAX, windowMs: 1000 });
        await limiter.hit('login:ip:203.0.113.9');
        const counters = () => new Database(store, { readonly: true }).prepare('SELECT COUNT(*) AS n FROM rate_limits').get() as { n: number };
        expect(counters().n).toBe(1);
        jest.setSystemTime(Date.now() + 2 * 60 * 60_000);
        jest.advanceTimersByTime(5 * 60_000);
        expect(counters().n).toBe(0);
        await limiter.close();
        // A timer left running would fire on the closed file and throw in a long-lived process.
        expect(jest.getTimerCount()).toBe(0);
      } finally {
        jest.useRealTimers();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('When two instances share one store', () => {
    it('should hold an account whichever instance saw its wrong passwords, and count addresses together', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'shared-limits-'));
      const store = join(dir, 'read-models.db');
      const [limiterA, limiterB] = [await openRateLimiter(store, { max: MAX, windowMs: 60_000 }), await openRateLimiter(store, { max: MAX, windowMs: 60_000 })];
      const backoff = { free: 2, baseMs: 60_000 };
      const [a, b] = [createAuthApp({ limiter: limiterA, signInBackoff: backoff }), createAuthApp({ limiter: limiterB, signInBackoff: backoff })];
      try {
        // The account's wrong passwords go to both instances; the one that did not see the last still holds it.
        const user = await registerUser(a.app);
        const login = (app: AuthApp['app'], ip: string, password: string) => request(app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: user.email, password });
        await login(a.app, '198.51.100.1', 'wrong-1!').expect(401);
        await login(b.app, '198.51.100.2', 'wrong-1!').expect(401);
        await login(a.app, '198.51.100.3', 'wrong-1!').expect(401);
        expect((await login(b.app, '198.51.100.4', STRONG_PASSWORD)).body).toEqual(TOO_MANY);
        // One address's attempts, on any accounts, are counted together too.
        const guess = (app: AuthApp['app']) => request(app).post('/api/auth/login').set('X-Forwarded-For', '203.0.113.7').send({ email: anEmail(), password: 'wrong-1!' });
        await guess(a.app).expect(401);
        await guess(b.app).expect(401);
        await guess(a.app).expect(401);
        const res = await guess(b.app).expect(429);
        expect(res.body).toEqual(TOO_MANY);
      } finally {
        await a.close();
        await b.close();
        await limiterA.close();
        await limiterB.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
