import jwt from 'jsonwebtoken';
import request from 'supertest';
import { SessionTokens } from '@app/platform';
import { createAuthApp, JWT_SECRET, registerUser, type AuthApp } from './testing/auth-app';

describe('GET /api/auth/me', () => {
  let t: AuthApp;
  beforeAll(() => {
    t = createAuthApp();
  });
  afterAll(() => t.close());

  it('should answer _id, email and name of the signed-in user', async () => {
    const user = await registerUser(t.app, { name: 'Katherine Johnson' });
    const res = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${user.token}`).expect(200);
    expect(res.body).toEqual({ _id: t.tokens.verify(user.token), email: user.email, name: 'Katherine Johnson', roles: [] });
  });

  it('should answer 401 without a token', async () => {
    const res = await request(t.app).get('/api/auth/me').expect(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('should answer 401 for a token signed with another secret', async () => {
    const user = await registerUser(t.app);
    const forged = new SessionTokens('another-secret-that-is-also-32-characters!!').issue(t.tokens.verify(user.token));
    await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${forged}`).expect(401);
  });

  it('should answer 401 for an expired token', async () => {
    const user = await registerUser(t.app);
    const expired = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 10 }, JWT_SECRET, { algorithm: 'HS256', subject: t.tokens.verify(user.token) });
    await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${expired}`).expect(401);
  });

  it('should answer 401 once a short-lived token has run out', async () => {
    // A JWT's times are whole seconds (`exp` = the issuing second + the TTL), so a 1 s token issued
    // late in its second may live a few ms: 3 s leaves over 2 s for the sign-up and the first read.
    const short = createAuthApp({ tokenTtlSeconds: 3 });
    try {
      const user = await registerUser(short.app);
      await request(short.app).get('/api/auth/me').set('Authorization', `Bearer ${user.token}`).expect(200);
      const { exp } = jwt.decode(user.token) as { exp: number };
      await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
      await request(short.app).get('/api/auth/me').set('Authorization', `Bearer ${user.token}`).expect(401);
    } finally {
      await short.close();
    }
  });

  it("should answer 401 for an unsigned ('none' algorithm) token", async () => {
    const user = await registerUser(t.app);
    const unsigned = jwt.sign({ sub: t.tokens.verify(user.token) }, '', { algorithm: 'none' });
    await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${unsigned}`).expect(401);
  });

  it('should answer 401 for a garbage token', async () => {
    await request(t.app).get('/api/auth/me').set('Authorization', 'Bearer not.a.jwt').expect(401);
  });

  it('should answer 401 for a valid token of a user that does not exist', async () => {
    const token = t.tokens.issue('00000000-0000-4000-8000-00000000dead');
    const res = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
    expect(res.body).toEqual({ error: 'User not found' });
  });
});
