import request from 'supertest';
import { userStreamId } from '@app/domain';
import { anEmail, createAuthApp, PUBLIC_URL, registerUser, STRONG_PASSWORD, type AuthApp } from './testing/auth-app';

const FORGOT_MESSAGE = 'If an account exists for that email, a reset link has been sent.';
const NEW_PASSWORD = 'brand-new-2@';

/** Asks for a reset link and reads it from the dev mailbox, as a person would. */
async function requestResetLink(t: AuthApp, email: string): Promise<string> {
  await request(t.app).post('/api/auth/forgot-password').send({ email }).expect(200);
  const mails = (await request(t.app).get('/dev/mailbox/messages').expect(200)).body as Array<{ to: string; text: string; html: string }>;
  const mail = mails.find((m) => m.to === email);
  if (!mail) throw new Error(`no mail for ${email}`);
  const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error('no link in the mail');
  return link;
}
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

describe('POST /api/auth/forgot-password', () => {
  let t: AuthApp;
  beforeAll(() => {
    t = createAuthApp();
  });
  afterAll(() => t.close());

  it('should answer the same message, without a token, for a known email', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app).post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    expect(res.body).toEqual({ message: FORGOT_MESSAGE });
  });

  it('should answer the same message for an unknown email, and send nothing', async () => {
    const email = anEmail('unknown');
    const head = await t.store.headPosition();
    const res = await request(t.app).post('/api/auth/forgot-password').send({ email }).expect(200);
    expect(res.body).toEqual({ message: FORGOT_MESSAGE });
    expect(await t.store.headPosition()).toBe(head);
    expect((await t.mailbox.list()).filter((m) => m.to === email)).toEqual([]);
  });

  it('should mail a link to the reset page and store only a hash of its secret', async () => {
    const user = await registerUser(t.app, { name: 'Ada' });
    const link = await requestResetLink(t, user.email);
    const userId = t.tokens.verify(user.token);

    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password/${userId}\\.[A-Za-z0-9_-]{43}$`));
    const [mail] = (await t.mailbox.list()).filter((m) => m.to === user.email);
    expect(mail).toMatchObject({ subject: 'Reset your password' });
    expect(mail.html).toContain(`href="${link}"`);
    const secret = tokenOf(link).split('.')[1];
    const events = await t.store.readStream(userStreamId(userId));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'PasswordResetRequested']);
    expect(JSON.stringify(events)).not.toContain(secret);
    const expiresIn = Date.parse(events[1].data.expiresAt) - Date.parse(events[1].data.at);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
  });

  it('should not log the reset link', async () => {
    const user = await registerUser(t.app);
    const link = await requestResetLink(t, user.email);
    expect(t.logs()).not.toContain(tokenOf(link).split('.')[1]);
  });

  it.each([[{ email: 'nope' }], [{}]])("should refuse %j with 'Invalid email address'", async (body) => {
    const res = await request(t.app).post('/api/auth/forgot-password').send(body).expect(400);
    expect(res.body).toEqual({ error: 'Invalid email address', details: { email: 'Invalid email address' } });
  });
});

describe('POST /api/auth/reset-password/:token', () => {
  let t: AuthApp;
  beforeAll(() => {
    t = createAuthApp();
  });
  afterAll(() => t.close());

  it('should set the new password through the mailed link, once', async () => {
    const user = await registerUser(t.app);
    const link = await requestResetLink(t, user.email);

    const res = await request(t.app).post(`/api/auth/reset-password/${tokenOf(link)}`).send({ password: NEW_PASSWORD }).expect(200);

    expect(res.body).toEqual({ message: 'Your password has been updated.', position: expect.any(Number) });
    await request(t.app).post('/api/auth/login').send({ email: user.email, password: NEW_PASSWORD }).expect(200);
    const old = await request(t.app).post('/api/auth/login').send({ email: user.email, password: STRONG_PASSWORD }).expect(401);
    expect(old.body).toEqual({ error: 'Invalid credentials' });
    const again = await request(t.app).post(`/api/auth/reset-password/${tokenOf(link)}`).send({ password: 'another-3#' }).expect(400);
    expect(again.body).toEqual({ error: 'This reset link is invalid or has expired' });
    await request(t.app).post('/api/auth/login').send({ email: user.email, password: NEW_PASSWORD }).expect(200);
  });

  it('should spend every older link once one is used', async () => {
    const user = await registerUser(t.app);
    const first = await requestResetLink(t, user.email);
    await request(t.app).post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const second = (await t.mailbox.list()).find((m) => m.to === user.email)!.text.match(/\/reset-password\/(\S+)/)![1];
    expect(second).not.toBe(tokenOf(first));
    await request(t.app).post(`/api/auth/reset-password/${second}`).send({ password: NEW_PASSWORD }).expect(200);
    await request(t.app).post(`/api/auth/reset-password/${tokenOf(first)}`).send({ password: NEW_PASSWORD }).expect(400);
  });

  it('should refuse an expired link', async () => {
    const user = await registerUser(t.app);
    const link = await requestResetLink(t, user.email);
    t.advanceClock(60 * 60_000 + 1000);
    const head = await t.store.headPosition();

    const res = await request(t.app).post(`/api/auth/reset-password/${tokenOf(link)}`).send({ password: NEW_PASSWORD }).expect(400);

    expect(res.body).toEqual({ error: 'This reset link is invalid or has expired' });
    expect(await t.store.headPosition()).toBe(head);
    await request(t.app).post('/api/auth/login').send({ email: user.email, password: STRONG_PASSWORD }).expect(200);
  });

  it.each([
    ['a malformed token', 'garbage'],
    ['an unknown user', `00000000-0000-4000-8000-000000000000.${'a'.repeat(43)}`],
  ])('should refuse %s', async (_case, token) => {
    const res = await request(t.app).post(`/api/auth/reset-password/${token}`).send({ password: NEW_PASSWORD }).expect(400);
    expect(res.body).toEqual({ error: 'This reset link is invalid or has expired' });
  });

  it('should refuse a forged secret for a real user', async () => {
    const user = await registerUser(t.app);
    await requestResetLink(t, user.email);
    const forged = `${t.tokens.verify(user.token)}.${'b'.repeat(43)}`;
    await request(t.app).post(`/api/auth/reset-password/${forged}`).send({ password: NEW_PASSWORD }).expect(400);
  });

  it.each([
    [{ password: 'a1!' }, 'Password must be at least 6 characters'],
    [{}, 'Password must be at least 6 characters'],
    [{ password: 'secret!!' }, 'Password must contain at least one number'],
    [{ password: 'secret11' }, 'Password must contain at least one special character'],
  ])('should refuse %j with %s, writing nothing', async (body, message) => {
    const user = await registerUser(t.app);
    const link = await requestResetLink(t, user.email);
    const head = await t.store.headPosition();
    const res = await request(t.app).post(`/api/auth/reset-password/${tokenOf(link)}`).send(body).expect(400);
    expect(res.body).toEqual({ error: message, details: { password: message } });
    expect(await t.store.headPosition()).toBe(head);
  });
});
