import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

    it(`should answer 429 after ${MAX} attempts on one account, across IPs`, async () => {
      const user = await registerUser(t.app);
      for (let i = 0; i < MAX; i++) {
        await request(t.app).post('/api/auth/login').set('X-Forwarded-For', `198.51.100.${i}`).send({ email: user.email, password: 'wrong-1!' }).expect(401);
      }
      const res = await request(t.app).post('/api/auth/login').set('X-Forwarded-For', '198.51.100.200').send({ email: user.email.toUpperCase(), password: STRONG_PASSWORD }).expect(429);
      expect(res.body).toEqual(TOO_MANY);
    });

    it('should still let the owner in from a browser that signed in to that account before, while others stay throttled', async () => {
      const user = await registerUser(t.app);
      const signedIn = await request(t.app).post('/api/auth/login').set('X-Forwarded-For', '192.0.2.10').send({ email: user.email, password: STRONG_PASSWORD }).expect(200);
      const device = signedIn.headers['set-cookie']?.[0]?.split(';')[0] ?? '';
      expect(device).toMatch(/^studio_device=/);
      expect(signedIn.headers['set-cookie']?.[0]).toMatch(/HttpOnly/);
      // An attacker exhausts the account's attempts from many addresses.
      for (let i = 0; i < MAX; i++) await request(t.app).post('/api/auth/login').set('X-Forwarded-For', `198.18.0.${i}`).send({ email: user.email, password: 'wrong-1!' }).expect((r) => expect([401, 429]).toContain(r.status));
      await request(t.app).post('/api/auth/login').set('X-Forwarded-For', '198.18.0.99').send({ email: user.email, password: STRONG_PASSWORD }).expect(429);
      // The owner's known browser still signs in; its cookie is no session token, and means nothing for another account.
      await request(t.app).post('/api/auth/login').set('X-Forwarded-For', '192.0.2.11').set('Cookie', device).send({ email: user.email, password: STRONG_PASSWORD }).expect(200);
      await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${device.split('=')[1]}`).expect(401);
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

  describe('When two instances share one store', () => {
    it(`should refuse the attempt past ${MAX} on one account whichever instance saw the earlier ones`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'shared-limits-'));
      const store = join(dir, 'read-models.db');
      const [limiterA, limiterB] = [await openRateLimiter(store, { max: MAX, windowMs: 60_000 }), await openRateLimiter(store, { max: MAX, windowMs: 60_000 })];
      const [a, b] = [createAuthApp({ limiter: limiterA }), createAuthApp({ limiter: limiterB })];
      try {
        const user = await registerUser(a.app);
        await request(a.app).post('/api/auth/login').set('X-Forwarded-For', '198.51.100.1').send({ email: user.email, password: 'wrong-1!' }).expect(401);
        await request(b.app).post('/api/auth/login').set('X-Forwarded-For', '198.51.100.2').send({ email: user.email, password: 'wrong-1!' }).expect(401);
        await request(a.app).post('/api/auth/login').set('X-Forwarded-For', '198.51.100.3').send({ email: user.email, password: 'wrong-1!' }).expect(401);
        const res = await request(b.app).post('/api/auth/login').set('X-Forwarded-For', '198.51.100.4').send({ email: user.email, password: 'wrong-1!' }).expect(429);
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
