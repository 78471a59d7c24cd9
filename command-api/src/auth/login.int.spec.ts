import request from 'supertest';
import { createAuthApp, anEmail, registerUser, STRONG_PASSWORD, type AuthApp } from './testing/auth-app';

describe('POST /api/auth/login', () => {
  let t: AuthApp;
  beforeAll(() => {
    t = createAuthApp();
  });
  afterAll(() => t.close());

  it('should answer a token for the right email and password', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app).post('/api/auth/login').send({ email: user.email, password: STRONG_PASSWORD }).expect(200);
    expect(res.body).toEqual({ token: expect.any(String) });
    expect(t.tokens.verify(res.body.token)).toBe(t.tokens.verify(user.token));
    const me = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(me.body).toEqual({ _id: t.tokens.verify(user.token), email: user.email, name: user.name });
  });

  it('should accept the email in another case and with spaces', async () => {
    const user = await registerUser(t.app);
    await request(t.app).post('/api/auth/login').send({ email: ` ${user.email.toUpperCase()} `, password: STRONG_PASSWORD }).expect(200);
  });

  it("should answer 401 'Invalid credentials' for a wrong password", async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app).post('/api/auth/login').send({ email: user.email, password: 'wrong-1!' }).expect(401);
    expect(res.body).toEqual({ error: 'Invalid credentials' });
  });

  it("should answer 401 'Invalid credentials' for an unknown email", async () => {
    const res = await request(t.app).post('/api/auth/login').send({ email: anEmail('nobody'), password: STRONG_PASSWORD }).expect(401);
    expect(res.body).toEqual({ error: 'Invalid credentials' });
  });

  it.each([
    [{ email: 'nope', password: STRONG_PASSWORD }, 'Invalid email address', 'email'],
    [{ password: STRONG_PASSWORD }, 'Invalid email address', 'email'],
    [{ email: 'a@example.com', password: '12345' }, 'Password must be at least 6 characters', 'password'],
    [{ email: 'a@example.com' }, 'Password must be at least 6 characters', 'password'],
  ])('should refuse %j with %s', async (body, message, field) => {
    const head = await t.store.headPosition();
    const res = await request(t.app).post('/api/auth/login').send(body).expect(400);
    expect(res.body.error).toBe(message);
    expect(res.body.details[field]).toBe(message);
    expect(await t.store.headPosition()).toBe(head);
  });

  it('should not log the password or the token', async () => {
    const user = await registerUser(t.app, { password: 'Logged-never-7!' });
    const res = await request(t.app).post('/api/auth/login').send({ email: user.email, password: 'Logged-never-7!' }).expect(200);
    await request(t.app).post('/api/auth/login').send({ email: user.email, password: 'Wrong-never-7!' }).expect(401);
    expect(t.logs()).not.toContain('never-7!');
    expect(t.logs()).not.toContain(res.body.token);
  });
});
