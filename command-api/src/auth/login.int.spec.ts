import { randomUUID } from 'node:crypto';
import { hash as hashBcrypt } from '@node-rs/bcrypt';
import request from 'supertest';
import { userStreamId } from '@app/domain';
import { emailStream } from './accounts';
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
    expect(me.body).toEqual({ _id: t.tokens.verify(user.token), email: user.email, name: user.name, roles: [] });
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

/** A hash as bcryptjs wrote them ($2a$). */
const bcryptjsEraHash = (password: string) => hashBcrypt(password, { cost: 4, version: '2a' });

describe('When a password was stored with bcrypt (accounts made before argon2id)', () => {
  let t: AuthApp;
  beforeAll(() => {
    t = createAuthApp();
  });
  afterAll(() => t.close());

  /** An account exactly as the bcrypt era recorded it: its registry claim and its user stream. */
  async function aBcryptUser(password: string) {
    const userId = randomUUID();
    const email = anEmail('legacy');
    const at = new Date().toISOString();
    const metadata = { correlationId: userId, causationId: userId, userId, timestamp: at };
    await t.store.append(emailStream(email), [{ id: randomUUID(), type: 'EmailClaimed', data: { email, userId, at }, metadata }], { expectedRevision: 'no_stream' });
    await t.store.append(userStreamId(userId), [{
      id: randomUUID(), type: 'UserRegistered', metadata,
      data: { userId, name: 'Legacy', email, passwordHash: await bcryptjsEraHash(password), googleId: null, fpr: null, registeredAt: at },
    }], { expectedRevision: 'no_stream' });
    return { userId, email };
  }

  it('should sign the user in and keep the same password re-hashed with argon2id', async () => {
    const { userId, email } = await aBcryptUser(STRONG_PASSWORD);
    await request(t.app).post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200);

    const events = await t.store.readStream(userStreamId(userId));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'PasswordHashUpgraded']);
    expect(events[1].data.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The same password still works (now against argon2id), a wrong one still does not.
    await request(t.app).post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200);
    await request(t.app).post('/api/auth/login').send({ email, password: 'wrong-1!' }).expect(401);
    expect((await t.store.readStream(userStreamId(userId))).filter((e) => e.type === 'PasswordHashUpgraded')).toHaveLength(1);
  });

  it('should neither sign in nor re-hash on a wrong password', async () => {
    const { userId, email } = await aBcryptUser(STRONG_PASSWORD);
    await request(t.app).post('/api/auth/login').send({ email, password: 'wrong-1!' }).expect(401);
    expect((await t.store.readStream(userStreamId(userId))).map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('should hash new passwords with argon2id', async () => {
    const user = await registerUser(t.app);
    const [registered] = await t.store.readStream(userStreamId(t.tokens.verify(user.token)));
    expect(registered.data.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
