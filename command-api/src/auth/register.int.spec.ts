import request from 'supertest';
import { emailRegistryDecider, userDecider, userStreamId } from '@app/domain';
import { loadState } from '@app/platform';
import { emailStream, STALE_CLAIM_MS } from './accounts';
import { anEmail, createAuthApp, registerUser, STRONG_PASSWORD, type AuthApp } from './testing/auth-app';

describe('POST /api/auth/register', () => {
  let t: AuthApp;
  beforeAll(() => {
    t = createAuthApp();
  });
  afterAll(() => t.close());

  it('should answer 201 with a token and the position, and record the user', async () => {
    const email = anEmail();
    const res = await request(t.app).post('/api/auth/register').send({ name: 'Ada', email, password: STRONG_PASSWORD, fpr: 'aff-7' }).expect(201);

    expect(res.body).toEqual({ token: expect.any(String), position: expect.any(Number) });
    const userId = t.tokens.verify(res.body.token);
    const events = await t.store.readStream(userStreamId(userId));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(events[0].data).toMatchObject({ userId, name: 'Ada', email, googleId: null, fpr: 'aff-7' });
    expect(events[0].data.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(events[0].position).toBe(res.body.position);
  });

  it('should give a token that works on /me at once', async () => {
    const { token, email } = await registerUser(t.app, { name: 'Grace Hopper' });
    const res = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.body).toEqual({ _id: t.tokens.verify(token), email, name: 'Grace Hopper', roles: [] });
  });

  it('should store the email lower-cased and trimmed', async () => {
    const email = anEmail();
    const { token } = await registerUser(t.app, { email: `  ${email.toUpperCase()} ` });
    const res = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.body.email).toBe(email);
  });

  it('should never keep the password itself, nor log it', async () => {
    const password = 'Unique-pass-9!';
    const { token } = await registerUser(t.app, { password });
    const events = await t.store.readStream(userStreamId(t.tokens.verify(token)));
    expect(JSON.stringify(events)).not.toContain(password);
    expect(t.logs()).not.toContain(password);
    expect(t.logs()).not.toContain(token);
  });

  it.each([
    [{ name: 'A', email: 'a@example.com', password: STRONG_PASSWORD }, 'Name must be at least 2 characters', 'name'],
    [{ email: 'a@example.com', password: STRONG_PASSWORD }, 'Name must be at least 2 characters', 'name'],
    [{ name: 'Ada', email: 'not-an-email', password: STRONG_PASSWORD }, 'Invalid email address', 'email'],
    [{ name: 'Ada', password: STRONG_PASSWORD }, 'Invalid email address', 'email'],
    [{ name: 'Ada', email: 'a@example.com', password: 'a1!' }, 'Password must be at least 6 characters', 'password'],
    [{ name: 'Ada', email: 'a@example.com' }, 'Password must be at least 6 characters', 'password'],
    [{ name: 'Ada', email: 'a@example.com', password: 'secret!!' }, 'Password must contain at least one number', 'password'],
    [{ name: 'Ada', email: 'a@example.com', password: 'secret11' }, 'Password must contain at least one special character', 'password'],
  ])('should refuse %j with %s, writing nothing', async (body, message, field) => {
    const head = await t.store.headPosition();
    const res = await request(t.app).post('/api/auth/register').send(body).expect(400);
    expect(res.body.error).toBe(message);
    expect(res.body.details[field]).toBe(message);
    expect(await t.store.headPosition()).toBe(head);
  });

  it('should list every invalid field in details', async () => {
    const res = await request(t.app).post('/api/auth/register').send({ name: 'A', email: 'x', password: 'abc' }).expect(400);
    expect(res.body).toEqual({
      error: 'Name must be at least 2 characters',
      details: { name: 'Name must be at least 2 characters', email: 'Invalid email address', password: 'Password must be at least 6 characters' },
    });
  });

  it('should refuse a malformed JSON body with 400', async () => {
    const res = await request(t.app).post('/api/auth/register').set('Content-Type', 'application/json').send('{"name":').expect(400);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('should answer 409 for an email already registered, in any case', async () => {
    const { email } = await registerUser(t.app);
    const head = await t.store.headPosition();
    const res = await request(t.app).post('/api/auth/register').send({ name: 'Other', email: email.toUpperCase(), password: STRONG_PASSWORD }).expect(409);
    expect(res.body).toEqual({ error: 'An account with this email already exists' });
    expect(await t.store.headPosition()).toBe(head);
  });

  it('should let exactly one of 10 concurrent registrations of one email win', async () => {
    const email = anEmail('race');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => request(t.app).post('/api/auth/register').send({ name: `Racer ${i}`, email, password: STRONG_PASSWORD })),
    );

    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error).toBe('An account with this email already exists');
    const all = await t.store.readAll();
    const holders = all.filter((e) => e.type === 'UserRegistered' && e.data.email === email);
    expect(holders).toHaveLength(1);
    const winner = results.find((r) => r.status === 201)!;
    expect(holders[0].data.userId).toBe(t.tokens.verify(winner.body.token));
    const { state } = await loadState(t.store, emailStream(email), emailRegistryDecider);
    expect(state.owner).toBe(holders[0].data.userId);
  });

  describe('When a claim points to a user that was never recorded (a crash between the appends)', () => {
    const claimFor = async (email: string, userId: string) => {
      await t.store.append(emailStream(email), [
        { id: `claim-${userId}`, type: 'EmailClaimed', data: { email, userId, at: new Date().toISOString() }, metadata: {} },
      ]);
    };

    it('should refuse the email while the claim is fresh (a registration may be in flight)', async () => {
      const email = anEmail('fresh-claim');
      await claimFor(email, '00000000-0000-4000-8000-000000000001');
      await request(t.app).post('/api/auth/register').send({ name: 'Ada', email, password: STRONG_PASSWORD }).expect(409);
    });

    it('should release the stale claim and register the new user', async () => {
      const email = anEmail('stale-claim');
      await claimFor(email, '00000000-0000-4000-8000-000000000002');
      t.advanceClock(STALE_CLAIM_MS + 1000);

      const res = await request(t.app).post('/api/auth/register').send({ name: 'Ada', email, password: STRONG_PASSWORD }).expect(201);

      const userId = t.tokens.verify(res.body.token);
      const { state } = await loadState(t.store, emailStream(email), emailRegistryDecider);
      expect(state.owner).toBe(userId);
      const types = (await t.store.readStream(emailStream(email))).map((e) => e.type);
      expect(types).toEqual(['EmailClaimed', 'EmailReleased', 'EmailClaimed']);
      const user = await loadState(t.store, userStreamId(userId), userDecider);
      expect(user.state).toMatchObject({ status: 'registered', email });
      await request(t.app).post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200);
    });
  });
});
