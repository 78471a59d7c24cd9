import request from 'supertest';
import { emailRegistryDecider, userStreamId } from '@app/domain';
import { loadState } from '@app/platform';
import { emailStream } from './accounts';
import { anEmail, createAuthApp, registerUser, STRONG_PASSWORD, type AuthApp } from './testing/auth-app';

describe('POST /api/auth/update-email', () => {
  let t: AuthApp;
  beforeAll(() => {
    t = createAuthApp();
  });
  afterAll(() => t.close());

  it("should change the login email and answer 'Email updated successfully'", async () => {
    const user = await registerUser(t.app);
    const email = anEmail('new');

    const res = await request(t.app).post('/api/auth/update-email').set('Authorization', `Bearer ${user.token}`).send({ email }).expect(200);

    expect(res.body).toEqual({ message: 'Email updated successfully', position: expect.any(Number) });
    expect(res.body.position).toBe(await t.store.headPosition());
    const me = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${user.token}`).expect(200);
    expect(me.body.email).toBe(email);
    await request(t.app).post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200);
    await request(t.app).post('/api/auth/login').send({ email: user.email, password: STRONG_PASSWORD }).expect(401);
  });

  it('should free the old email for someone else', async () => {
    const user = await registerUser(t.app);
    await request(t.app).post('/api/auth/update-email').set('Authorization', `Bearer ${user.token}`).send({ email: anEmail('moved') }).expect(200);
    const { state } = await loadState(t.store, emailStream(user.email), emailRegistryDecider);
    expect(state.owner).toBeNull();
    await registerUser(t.app, { email: user.email });
  });

  it("should answer 409 'An account with this email already exists' for a taken email, changing nothing", async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const head = await t.store.headPosition();

    const res = await request(t.app).post('/api/auth/update-email').set('Authorization', `Bearer ${user.token}`).send({ email: other.email.toUpperCase() }).expect(409);

    expect(res.body).toEqual({ error: 'An account with this email already exists' });
    expect(await t.store.headPosition()).toBe(head);
  });

  it('should refuse the current email', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app).post('/api/auth/update-email').set('Authorization', `Bearer ${user.token}`).send({ email: user.email }).expect(400);
    expect(res.body).toEqual({ error: 'This is already your email address' });
  });

  it.each([[{ email: 'not-an-email' }], [{}]])("should refuse %j with 'Invalid email address', writing nothing", async (body) => {
    const user = await registerUser(t.app);
    const head = await t.store.headPosition();
    const res = await request(t.app).post('/api/auth/update-email').set('Authorization', `Bearer ${user.token}`).send(body).expect(400);
    expect(res.body).toEqual({ error: 'Invalid email address', details: { email: 'Invalid email address' } });
    expect(await t.store.headPosition()).toBe(head);
  });

  it('should answer 401 without a token', async () => {
    await request(t.app).post('/api/auth/update-email').send({ email: anEmail() }).expect(401);
  });

  it('should let exactly one of two users racing for one email have it', async () => {
    const [a, b] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const email = anEmail('contested');
    const results = await Promise.all(
      [a, b].map((u) => request(t.app).post('/api/auth/update-email').set('Authorization', `Bearer ${u.token}`).send({ email })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('POST /api/auth/update-password', () => {
  let t: AuthApp;
  beforeAll(() => {
    t = createAuthApp();
  });
  afterAll(() => t.close());

  it("should change the password and answer 'Password updated successfully'", async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app)
      .post('/api/auth/update-password')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ currentPassword: STRONG_PASSWORD, newPassword: 'changed-4$' })
      .expect(200);

    expect(res.body).toEqual({ message: 'Password updated successfully', position: expect.any(Number) });
    const events = await t.store.readStream(userStreamId(t.tokens.verify(user.token)));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'PasswordChanged']);
    await request(t.app).post('/api/auth/login').send({ email: user.email, password: 'changed-4$' }).expect(200);
    await request(t.app).post('/api/auth/login').send({ email: user.email, password: STRONG_PASSWORD }).expect(401);
  });

  it("should answer 400 'Current password is incorrect', changing nothing", async () => {
    const user = await registerUser(t.app);
    const head = await t.store.headPosition();
    const res = await request(t.app)
      .post('/api/auth/update-password')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ currentPassword: 'wrong-1!', newPassword: 'changed-4$' })
      .expect(400);
    expect(res.body).toEqual({ error: 'Current password is incorrect' });
    expect(await t.store.headPosition()).toBe(head);
  });

  it.each([
    [{ currentPassword: STRONG_PASSWORD, newPassword: 'a1!' }, 'Password must be at least 6 characters', 'newPassword'],
    [{ currentPassword: STRONG_PASSWORD, newPassword: 'secret!!' }, 'Password must contain at least one number', 'newPassword'],
    [{ currentPassword: STRONG_PASSWORD, newPassword: 'secret11' }, 'Password must contain at least one special character', 'newPassword'],
    [{ newPassword: 'changed-4$' }, 'Current password is required', 'currentPassword'],
  ])('should refuse %j with %s (the Register rules), writing nothing', async (body, message, field) => {
    const user = await registerUser(t.app);
    const head = await t.store.headPosition();
    const res = await request(t.app).post('/api/auth/update-password').set('Authorization', `Bearer ${user.token}`).send(body).expect(400);
    expect(res.body).toEqual({ error: message, details: { [field]: message } });
    expect(await t.store.headPosition()).toBe(head);
  });

  it('should answer 401 without a token', async () => {
    await request(t.app).post('/api/auth/update-password').send({ currentPassword: STRONG_PASSWORD, newPassword: 'changed-4$' }).expect(401);
  });

  it('should not log either password', async () => {
    const user = await registerUser(t.app, { password: 'Old-unlogged-5%' });
    await request(t.app)
      .post('/api/auth/update-password')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ currentPassword: 'Old-unlogged-5%', newPassword: 'New-unlogged-5%' })
      .expect(200);
    expect(t.logs()).not.toContain('unlogged');
  });
});
