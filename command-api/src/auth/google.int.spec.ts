import request from 'supertest';
import { userStreamId } from '@app/domain';
import { serverPageHead } from '@app/platform';
import { GOOGLE_NOT_CONFIGURED } from './google';
import { PUBLIC_URL, createAuthApp, anEmail, registerUser, STRONG_PASSWORD, type AuthApp } from './testing/auth-app';
import { STAND_IN_CLIENT, startGoogleStandIn, type GoogleAccount, type GoogleStandIn } from './testing/google-stand-in';

const CALLBACK_URL = `${PUBLIC_URL}/api/auth/google/callback`;

describe('GET /api/auth/google', () => {
  describe('When Google sign-in is not configured', () => {
    let t: AuthApp;
    beforeAll(() => {
      t = createAuthApp({ google: null });
    });
    afterAll(() => t.close());

    it.each(['/api/auth/google', '/api/auth/google/callback?code=x&state=y'])("should answer a clear 'Google sign-in is not configured' page at %s", async (path) => {
      const res = await request(t.app).get(path).expect(503).expect('Content-Type', /html/);
      expect(res.text).toContain('Google sign-in is not configured');
      expect(res.text).toContain('href="/login"');
      // Readable on a phone: the page is laid out for its width (serverPageHead).
      expect(res.text).toContain(serverPageHead(GOOGLE_NOT_CONFIGURED));
    });
  });

  describe('When Google sign-in is configured (against a local stand-in for Google)', () => {
    let google: GoogleStandIn;
    let t: AuthApp;
    beforeAll(async () => {
      google = await startGoogleStandIn();
      t = createAuthApp({ google: { ...STAND_IN_CLIENT, callbackURL: CALLBACK_URL, ...google.urls } });
    });
    afterAll(async () => {
      await t.close();
      await google.close();
    });

    const aGoogleAccount = (overrides: Partial<GoogleAccount> = {}): GoogleAccount => ({
      sub: `g-${Math.random().toString(36).slice(2)}`,
      email: anEmail('gmail'),
      email_verified: true,
      name: 'Mary Jackson',
      ...overrides,
    });

    /** Start → Google's authorize page → back to our callback, carrying the state cookie like a browser. */
    async function signInWithGoogle(extraCookie?: string) {
      const browser = request.agent(t.app);
      if (extraCookie) browser.set('Cookie', extraCookie);
      const start = await browser.get('/api/auth/google').expect(302);
      const authorize = new URL(start.headers.location);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(google.urls.authorizationURL);
      expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK_URL);
      expect(authorize.searchParams.get('scope')).toBe('openid profile email');
      expect(authorize.searchParams.get('state')).toEqual(expect.any(String));
      const atGoogle = await fetch(authorize, { redirect: 'manual' });
      const back = new URL(atGoogle.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(CALLBACK_URL);
      const callback = await browser.get(`${back.pathname}${back.search}`).expect(302);
      return { location: callback.headers.location as string, callbackQuery: back.search };
    }
    const tokenFrom = (location: string) => decodeURIComponent(location.replace(/^\/auth\/verify\//, ''));

    it('should sign a new user up and end at /auth/verify/<token>, whose token works on /me', async () => {
      const account = aGoogleAccount();
      google.signInAs(account);

      const { location } = await signInWithGoogle();

      expect(location).toMatch(/^\/auth\/verify\/[^/]+$/);
      const token = tokenFrom(location);
      const me = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);
      expect(me.body).toEqual({ _id: t.tokens.verify(token), email: account.email, name: 'Mary Jackson', roles: [] });
      const events = await t.store.readStream(userStreamId(me.body._id));
      expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
      expect(events[0].data).toMatchObject({ googleId: account.sub, passwordHash: null, email: account.email });
      expect(google.tokenRequests.at(-1)).toMatchObject({ grant_type: 'authorization_code', client_id: STAND_IN_CLIENT.clientID, redirect_uri: CALLBACK_URL });
    });

    it('should sign a returning user in to the same account', async () => {
      const account = aGoogleAccount();
      google.signInAs(account);
      const first = tokenFrom((await signInWithGoogle()).location);
      const head = await t.store.headPosition();

      const second = tokenFrom((await signInWithGoogle()).location);

      expect(t.tokens.verify(second)).toBe(t.tokens.verify(first));
      expect(await t.store.headPosition()).toBe(head);
    });

    it('should sign in to the same account after either email changes', async () => {
      const account = aGoogleAccount();
      google.signInAs(account);
      const first = tokenFrom((await signInWithGoogle()).location);
      const userId = t.tokens.verify(first);
      const moved = anEmail('moved');
      await request(t.app).post('/api/auth/update-email').set('Authorization', `Bearer ${first}`).send({ email: moved }).expect(200);

      const afterOurChange = tokenFrom((await signInWithGoogle()).location);
      google.signInAs({ ...account, email: anEmail('new-gmail') });
      const afterGoogleChange = tokenFrom((await signInWithGoogle()).location);

      expect(t.tokens.verify(afterOurChange)).toBe(userId);
      expect(t.tokens.verify(afterGoogleChange)).toBe(userId);
      const me = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${afterGoogleChange}`).expect(200);
      expect(me.body.email).toBe(moved);
    });

    it('should link Google to an existing account with the same email', async () => {
      const user = await registerUser(t.app);
      const account = aGoogleAccount({ email: user.email.toUpperCase() });
      google.signInAs(account);

      const token = tokenFrom((await signInWithGoogle()).location);

      const userId = t.tokens.verify(user.token);
      expect(t.tokens.verify(token)).toBe(userId);
      const events = await t.store.readStream(userStreamId(userId));
      expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'GoogleAccountLinked']);
      await request(t.app).post('/api/auth/login').send({ email: user.email, password: STRONG_PASSWORD }).expect(200);
    });

    it('should record the affiliate code from the fpr cookie on signup', async () => {
      google.signInAs(aGoogleAccount());
      const token = tokenFrom((await signInWithGoogle('fpr=aff-42')).location);
      const [registered] = await t.store.readStream(userStreamId(t.tokens.verify(token)));
      expect(registered.data.fpr).toBe('aff-42');
    });

    it('should refuse a Google account whose email is not verified', async () => {
      google.signInAs(aGoogleAccount({ email_verified: false }));
      expect((await signInWithGoogle()).location).toBe('/login?error=google');
    });

    it('should send the user back to /login?error=google when they decline', async () => {
      google.denyNext();
      expect((await signInWithGoogle()).location).toBe('/login?error=google');
    });

    it('should refuse a callback whose state does not match the browser (login CSRF)', async () => {
      google.signInAs(aGoogleAccount());
      const { callbackQuery } = await signInWithGoogle();
      const exchanges = google.tokenRequests.length;
      // Another browser (no state cookie) replays the callback.
      const res = await request(t.app).get(`/api/auth/google/callback${callbackQuery}`).expect(302);
      expect(res.headers.location).toBe('/login?error=google');
      expect(google.tokenRequests).toHaveLength(exchanges);
    });

    it('should send the user back to /login?error=google when the code exchange fails', async () => {
      const browser = request.agent(t.app);
      const start = await browser.get('/api/auth/google').expect(302);
      const state = new URL(start.headers.location).searchParams.get('state');
      const res = await browser.get(`/api/auth/google/callback?code=made-up&state=${state}`).expect(302);
      expect(res.headers.location).toBe('/login?error=google');
    });

    it('should tell a Google-only user that there is no password to change', async () => {
      google.signInAs(aGoogleAccount());
      const token = tokenFrom((await signInWithGoogle()).location);
      const res = await request(t.app)
        .post('/api/auth/update-password')
        .set('Authorization', `Bearer ${token}`)
        .send({ currentPassword: 'anything', newPassword: 'changed-4$' })
        .expect(400);
      expect(res.body).toEqual({ error: 'This account signs in with Google and has no password to change' });
    });

    it('should not log the session token or the authorization code', async () => {
      google.signInAs(aGoogleAccount());
      const { location, callbackQuery } = await signInWithGoogle();
      const code = new URLSearchParams(callbackQuery).get('code')!;
      expect(t.logs()).not.toContain(tokenFrom(location));
      expect(t.logs()).not.toContain(code);
    });
  });
});
