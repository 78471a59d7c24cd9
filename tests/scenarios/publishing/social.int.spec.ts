import request from 'supertest';
import { TokenVault, serverPageHead } from '@app/platform';
import { startEmbeddedServer, type TestServer } from '../../support/embedded-server';
import { aRenderedVideo, eventually, linkSandbox, registerUser } from './harness';

jest.setTimeout(60_000);

describe('Linked social accounts (sandbox publisher, embedded product)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startEmbeddedServer({ render: false, webDist: null });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const status = (token: string, platform: string) => request(server.url).get(`/api/auth/${platform}/status`).set('authorization', `Bearer ${token}`);

  describe('GET /api/auth/:platform/status', () => {
    it('should answer not connected, and 401 without a token', async () => {
      const { token } = await registerUser(server.url);
      for (const p of ['youtube', 'tiktok', 'instagram']) expect((await status(token, p).expect(200)).body).toEqual({ connected: false });
      await request(server.url).get('/api/auth/youtube/status').expect(401);
    });
  });

  describe('GET /api/auth/:platform/connect and the OAuth callback', () => {
    it('should send the browser to the sandbox consent page on our origin', async () => {
      const { token } = await registerUser(server.url);
      const res = await request(server.url).get('/api/auth/tiktok/connect').set('authorization', `Bearer ${token}`).expect(200);
      expect(res.body.authUrl).toMatch(/^\/sandbox\/connect\/tiktok\?state=/);
      const page = await request(server.url).get(res.body.authUrl).expect(200);
      expect(page.text).toContain('SANDBOX — no real account');
      // Laid out for a phone, with the product's icon (serverPageHead).
      expect(page.text).toContain(serverPageHead('Connect TikTok · SANDBOX — no real account'));
    });

    it('should link the account with exactly the spec status fields per platform, tokens sealed at rest', async () => {
      const { token, userId } = await registerUser(server.url);
      const yt = await linkSandbox(server.url, token, 'youtube', 'Night Tales');
      expect(yt.status).toBe(302);
      expect(yt.headers.location).toBe('/dashboard/account?linked=youtube');
      await linkSandbox(server.url, token, 'tiktok', 'Night Tales');
      await linkSandbox(server.url, token, 'instagram', 'Night Tales');

      const youtube = await eventually(() => status(token, 'youtube').then((r) => r.body), (b) => b.connected);
      expect(Object.keys(youtube).sort()).toEqual(['channelId', 'channelName', 'connected']);
      expect(youtube).toMatchObject({ connected: true, channelName: 'Night Tales' });
      const tiktok = await eventually(() => status(token, 'tiktok').then((r) => r.body), (b) => b.connected);
      expect(tiktok).toEqual({ connected: true, username: 'night_tales', channelUrl: expect.stringMatching(/^\/sandbox\/published\?account=sandbox-tiktok-[0-9a-f]{32}$/) });
      const instagram = await eventually(() => status(token, 'instagram').then((r) => r.body), (b) => b.connected);
      expect(instagram).toEqual({ connected: true, username: 'night_tales' });

      // Another user choosing the same name gets an account (and gallery) of their own.
      const other = await registerUser(server.url);
      await linkSandbox(server.url, other.token, 'youtube', 'Night Tales');
      const theirs = await eventually(() => status(other.token, 'youtube').then((r) => r.body), (b) => b.connected);
      expect(theirs.channelId).not.toBe(youtube.channelId);

      const [linked] = (await server.infra.eventStore.readStream(`social-${userId}-youtube`)).filter((e) => e.type === 'AccountLinked');
      expect(linked.data.encryptedTokens).toMatch(/^vault\./);
      expect(JSON.stringify(linked.data)).not.toContain('sandbox-access-');
      expect(JSON.stringify(linked.data)).not.toContain('sandbox-refresh-');
    });

    it('should refuse a callback without the browser cookie or with a forged state', async () => {
      const { token } = await registerUser(server.url);
      const connect = await request(server.url).get('/api/auth/youtube/connect').set('authorization', `Bearer ${token}`).expect(200);
      const state = new URL(connect.body.authUrl, server.url).searchParams.get('state')!;
      const noCookie = await request(server.url).get(`/api/auth/youtube/callback?code=x&state=${encodeURIComponent(state)}`).expect(302);
      expect(noCookie.headers.location).toBe('/dashboard/account?linkError=youtube');
      const forged = await request(server.url).get(`/api/auth/youtube/callback?code=x&state=${encodeURIComponent(`${state}x`)}`).expect(302);
      expect(forged.headers.location).toBe('/dashboard/account?linkError=youtube');
    });
  });

  describe('POST /api/auth/auth/:platform/logout', () => {
    it('should disconnect and shred the stored tokens', async () => {
      const { token, userId } = await registerUser(server.url);
      await linkSandbox(server.url, token, 'youtube');
      await eventually(() => status(token, 'youtube').then((r) => r.body), (b) => b.connected);
      const [linked] = await server.infra.eventStore.readStream(`social-${userId}-youtube`);
      const vault = new TokenVault(server.infra.docs, server.infra.secrets.tokenEncryption);
      expect(await vault.open(linked.data.encryptedTokens)).toMatchObject({ accessToken: expect.stringMatching(/^sandbox-access-/) });

      const res = await request(server.url).post('/api/auth/auth/youtube/logout').set('authorization', `Bearer ${token}`).expect(200);
      expect(res.body.success).toBe(true);
      const after = await request(server.url).get('/api/auth/youtube/status').set('authorization', `Bearer ${token}`).set('x-min-position', String(res.body.position)).expect(200);
      expect(after.body).toEqual({ connected: false });
      expect(await vault.open(linked.data.encryptedTokens)).toBeNull();
      const types = (await server.infra.eventStore.readStream(`social-${userId}-youtube`)).map((e) => e.type);
      expect(types).toEqual(['AccountLinked', 'AccountUnlinked']);
    });
  });

  describe('Uploads (spec section 7)', () => {
    it('should post to each sandbox platform once, answering the spec fields, and show it in that account\'s gallery only', async () => {
      const { token, userId } = await registerUser(server.url);
      for (const p of ['youtube', 'tiktok', 'instagram'] as const) await linkSandbox(server.url, token, p);
      const videoId = await aRenderedVideo(server.infra.eventStore, server.infra.blobs, userId);
      const auth = { authorization: `Bearer ${token}` };

      const yt = await request(server.url).post('/api/video/youtube/upload').set(auth).send({ videoId, title: 'Owls', description: 'Facts', privacy: 'public', tags: ['shorts'] }).expect(200);
      expect(yt.body).toEqual({ youtubeUrl: expect.stringMatching(/^\/sandbox\/published\//) });
      const again = await request(server.url).post('/api/video/youtube/upload').set(auth).send({ videoId, title: 'Owls', description: 'Facts', privacy: 'public', tags: [] }).expect(200);
      expect(again.body.youtubeUrl).toBe(yt.body.youtubeUrl);

      const tt = await request(server.url).post('/api/video/tiktok/upload').set(auth).send({ videoId, title: 'Owls', description: 'Facts', allowDuet: true, allowStitch: true, hashtags: [] }).expect(200);
      expect(tt.body).toEqual({ status: 'COMPLETED', tiktokUrl: expect.stringMatching(/^\/sandbox\/published\//) });
      const ig = await request(server.url).post('/api/auth/instagram/upload').set(auth).send({ videoId, caption: 'Owls\n\nFacts' }).expect(200);
      expect(ig.body).toEqual({ instagramUrl: expect.stringMatching(/^\/sandbox\/published\//) });

      const { channelId } = (await status(token, 'youtube').expect(200)).body as { channelId: string };
      const gallery = await request(server.url).get(`/sandbox/published?account=${channelId}`).expect(200);
      expect(gallery.text.match(/data-testid="sandbox-post"/g)).toHaveLength(1);
      const everyone = await request(server.url).get('/sandbox/published').expect(200);
      expect(everyone.text).not.toContain('data-testid="sandbox-post"');
      const one = await request(server.url).get(yt.body.youtubeUrl).expect(200);
      expect(one.text).toContain('SANDBOX — no real account');
      expect(one.text).toContain(`href="/sandbox/published?account=${channelId}"`);
      await request(server.url).get(`${yt.body.youtubeUrl}/video`).expect(200).expect('content-type', 'video/mp4');

      const types = (await server.infra.eventStore.readAll()).filter((e) => e.streamId.startsWith('post-')).map((e) => e.type);
      expect(types.filter((t) => t === 'PostRequested')).toHaveLength(3);
      expect(types.filter((t) => t === 'PostPublished')).toHaveLength(3);
    });

    it("should answer the spec's messages: missing id, no video, not connected", async () => {
      const { token, userId } = await registerUser(server.url);
      const auth = { authorization: `Bearer ${token}` };
      const missing = await request(server.url).post('/api/video/youtube/upload').set(auth).send({ title: 'x' }).expect(400);
      expect(missing.body.error).toBe('Video ID is missing');
      await request(server.url).post('/api/video/youtube/upload').set(auth).send({ videoId: 'nope' }).expect(404);
      const videoId = await aRenderedVideo(server.infra.eventStore, server.infra.blobs, userId);
      const notLinked = await request(server.url).post('/api/auth/instagram/upload').set(auth).send({ videoId, caption: 'x' }).expect(400);
      expect(notLinked.body.error).toBe('Your Instagram account is not connected');
      const other = await registerUser(server.url);
      await request(server.url).post('/api/video/youtube/upload').set('authorization', `Bearer ${other.token}`).send({ videoId }).expect(404);
    });
  });
});
