import { randomUUID } from 'node:crypto';
import { ALL_ROUTES, POSITION_HEADER, type RouteName } from '@app/domain';
import type { OpsEndpoint } from '../support/distributed';
import { ApiClient, eventually } from './client';

/**
 * Google sign-in configured with an app that Google would not know: the suite never goes to Google,
 * it checks the redirect there and the refusal of a callback it did not start
 * (command-api/src/auth/google.int.spec.ts signs in through a stand-in for Google).
 */
export const GOOGLE_TEST_ENV = { GOOGLE_CLIENT_ID: 'api-suite.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'api-suite-secret' };

/** The suite's analyst, by the operator's list (issue 14). */
const ANALYST_EMAIL = 'analyst-suite@example.com';

/** What every mode of the suite runs with: Google sign-in configured, and an analyst. */
export const SUITE_ENV = { ...GOOGLE_TEST_ENV, ANALYST_EMAILS: ANALYST_EMAIL };

/** A running product behind one origin. */
export interface ApiTarget {
  url: string;
  /** Whether the test clock's routes are mounted (STUDIO_TEST_CLOCK=1, embedded only). */
  testClock: boolean;
  /** Each process's operations endpoints. */
  ops: OpsEndpoint[];
  stop(): Promise<void>;
}

/** Routes this suite cannot reach with no keys, and where each is shown instead. */
export const NOT_HERE: Partial<Record<RouteName, string>> = {
  stripeWebhook: "needs a Stripe key: command-api/src/billing/webhook.int.spec.ts sends it Stripe's signed deliveries",
};

const PASSWORD = 'secret1!';
const aVideo = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'pixel', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English' };

const cookieOf = (headers: Headers) => headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

/**
 * Every call of spec section 7 and docs/api.md, through the one origin, as a creator's browser
 * makes them: each answer is checked against its route's schema, and at the end every route of
 * the table must have been exercised (or be named in NOT_HERE with where it is shown).
 */
export function describeApi(mode: string, start: () => Promise<ApiTarget>): void {
  describe(`The HTTP API, ${mode}`, () => {
    jest.setTimeout(300_000);
    let target: ApiTarget;
    let api: ApiClient;
    const email = `creator-${randomUUID().slice(0, 8)}@example.com`;
    let token: string;
    let otherToken: string;
    let videoId: string;

    beforeAll(async () => {
      target = await start();
      api = new ApiClient(target.url);
    });
    afterAll(async () => {
      await target?.stop();
    });

    describe('Given the public calls', () => {
      it('should answer the catalogue and the service status', async () => {
        await api.call('catalog');
        await eventually(async () => (await api.call('serviceStatus')).body as { isReady: boolean }, (s) => s.isReady, 30_000);
      });

      it('should serve every voice and art-style preview once the render workers published them', async () => {
        await eventually(() => api.fetch('/api/voices/nPczCjzI2devNBz1zQrb/preview').then((r) => r.status), (s) => s === 200, 120_000, 500);
        await api.call('voicePreview', { params: { id: 'nPczCjzI2devNBz1zQrb' } });
        await eventually(() => api.fetch('/api/art-styles/pixel/preview').then((r) => r.status), (s) => s === 200, 120_000, 500);
        await api.call('artStylePreview', { params: { id: 'pixel' } });
      });

      it('should answer 404 for a preview nobody has, whatever the id holds (the fuzzer once got a 500 for a backslash)', async () => {
        for (const id of ['nobody', '\\â']) {
          expect((await api.call('artStylePreview', { params: { id }, expect: 404 })).body).toEqual({ error: 'Art style not found' });
          expect((await api.call('voicePreview', { params: { id }, expect: 404 })).body).toEqual({ error: 'Voice not found' });
        }
      });
    });

    describe('Given any answer', () => {
      it('should carry the security headers: a strict content security policy, no sniffing, no framing', async () => {
        for (const path of ['/', '/api/catalog', '/api/docs', '/api/nothing-here']) {
          const answer = await api.fetch(path);
          const csp = answer.headers.get('content-security-policy') ?? '';
          expect(csp).toContain("default-src 'self'");
          expect(csp).toContain("script-src 'self'");
          expect(csp).toContain("frame-ancestors 'none'");
          expect(csp).toContain("object-src 'none'");
          expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
          expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
          expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
          expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
          expect(answer.headers.get('x-powered-by')).toBeNull();
        }
      });
    });

    describe('Given the API described by its own document', () => {
      it('should answer an OpenAPI 3.1 document with every route of the table, and a page that browses it', async () => {
        const document = (await api.call('openApi')).body as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
        expect(document.openapi).toBe('3.1.0');
        const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
        expect(operations.sort()).toEqual(ALL_ROUTES.map((route) => route.name).sort());

        const page = await api.call('apiDocs');
        for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
          expect(page.text).toContain(`/api/docs/${file}`);
          const asset = await api.call('apiDocsAsset', { params: { file } });
          expect(asset.headers.get('content-type')).toMatch(file.endsWith('.css') ? /text\/css/ : /javascript/);
        }
        await api.call('apiDocsAsset', { params: { file: 'package.json' }, expect: 404 });
      });
    });

    describe('Given a new creator', () => {
      it('should register, refuse the same email twice, and sign in', async () => {
        token = ((await api.call('register', { body: { name: 'Ada Lovelace', email, password: PASSWORD } })).body as { token: string }).token;
        await api.call('register', { body: { name: 'Ada', email, password: PASSWORD }, expect: 409 });
        await api.call('login', { body: { email, password: 'wrong-1!' }, expect: 401 });
        const signedIn = await api.call('login', { body: { email, password: PASSWORD } });
        token = (signedIn.body as { token: string }).token;
        // The known-device cookie: out of scripts' reach, same-site, only where sign-in reads it.
        const device = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('studio_device='));
        expect(device).toMatch(/; HttpOnly/);
        expect(device).toMatch(/; SameSite=Lax/);
        expect(device).toMatch(/; Path=\/api\/auth/);
        expect((await api.call('me', { token })).body).toEqual({ _id: expect.any(String), email, name: 'Ada Lovelace', roles: [] });
        await api.call('me', { expect: 401 });
        otherToken = ((await api.call('register', { body: { name: 'Grace Hopper', email: `other-${email}`, password: PASSWORD } })).body as { token: string }).token;
      });

      it('should reset a forgotten password through the mailed link', async () => {
        await api.call('forgotPassword', { body: { email } });
        const mails = (await api.call('devMailboxMessages')).body as Array<{ to: string; text: string }>;
        const link = /\/reset-password\/(\S+)/.exec(mails.find((m) => m.to === email)!.text)![1];
        (await api.call('resetPassword', { params: { token: link }, body: { password: 'newer1!x' } })).body;
        await api.call('resetPassword', { params: { token: link }, body: { password: 'newer1!x' }, expect: 400 });
        token = ((await api.call('login', { body: { email, password: 'newer1!x' } })).body as { token: string }).token;
        await api.call('devMailbox');
      });

      it('should change the password, then the email', async () => {
        (await api.call('updatePassword', { token, body: { currentPassword: 'newer1!x', newPassword: PASSWORD } })).body;
        (await api.call('updateEmail', { token, body: { email: `new-${email}` } })).body;
        expect((await api.call('me', { token })).body).toMatchObject({ email: `new-${email}` });
      });

      it('should refuse bad input with the spec\'s message and write nothing', async () => {
        const bad = await api.call('generateVideo', { token, body: { ...aVideo, topic: 'Knitting' }, expect: 400 });
        expect(bad.body).toMatchObject({ error: 'Invalid topic selected' });
        expect((await api.call('listVideos', { token })).body).toEqual({ videos: [] });
        expect((await api.call('videoStats', { token })).body).toEqual({ monthlyCount: 0, total: 0, planLimit: 1 });
      });
    });

    describe('Given a video is made', () => {
      it('should render it to done, one status at a time', async () => {
        videoId = ((await api.call('generateVideo', { token, body: aVideo })).body as { videoId: string }).videoId;
        const again = await api.call('generateVideo', { token, body: aVideo, expect: 409 });
        expect(again.body).toMatchObject({ error: 'Video is still processing' });
        const done = await eventually(async () => (await api.call('videoStatus', { token, params: { id: videoId } })).body as { status: string }, (s) => s.status === 'done' || s.status === 'failed', 240_000, 500);
        expect(done).toMatchObject({ status: 'done', progress: 100, message: 'Doneeee!' });
        const live = await api.call('videoEvents', { params: { id: videoId }, query: { token } });
        expect(live.headers.get('content-type')).toMatch(/text\/event-stream/);
        const streamed = await (await api.fetch(`/api/video/events/${videoId}?token=${encodeURIComponent(token)}`)).text();
        expect(streamed).toContain('event: status');
        expect(streamed).toContain('"status":"done"');
      });

      it('should list it, count it and show it, with signed media links', async () => {
        const list = (await api.call('listVideos', { token })).body as { videos: Array<{ _id: string; status: string }> };
        expect(list.videos).toEqual([expect.objectContaining({ _id: videoId, status: 'done' })]);
        expect((await api.call('videoStats', { token })).body).toEqual({ monthlyCount: 1, total: 1, planLimit: 1 });
        const detail = (await api.call('getVideo', { token, params: { id: videoId } })).body as { streamUrl: string; thumbnailUrl: string };
        await api.call('getVideoById', { token, params: { id: videoId } });
        const stream = await api.call('streamVideo', { params: { id: videoId }, query: queryOf(detail.streamUrl), headers: { range: 'bytes=0-99' }, expect: 206 });
        expect(stream.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
        await api.call('streamVideo', { params: { id: videoId }, expect: 403 });
        await api.call('videoThumbnail', { params: { id: videoId }, query: queryOf(detail.thumbnailUrl) });
        await api.call('getVideo', { token: otherToken, params: { id: videoId }, expect: 404 });
      });

      it('should keep an edited caption', async () => {
        (await api.call('editCaption', { token, params: { id: videoId }, body: { description: 'Owls can turn their heads 270 degrees.' } })).body;
        const detail = await api.call('getVideo', { token, params: { id: videoId } });
        expect(detail.body).toMatchObject({ description: 'Owls can turn their heads 270 degrees.' });
        expect(Number(detail.headers.get(POSITION_HEADER))).toBeGreaterThanOrEqual(api.position);
        await api.call('editCaption', { token, params: { id: videoId }, body: { description: 'x'.repeat(2001) }, expect: 400 });
      });
    });

    describe('Given linked accounts', () => {
      const link = async (platform: string) => {
        const connect = await api.call('connectPlatform', { token, params: { platform } });
        const { authUrl } = connect.body as { authUrl: string };
        const state = queryOf(authUrl).state;
        await api.call('sandboxConsent', { params: { platform }, query: { state } });
        const consent = await api.call('sandboxAllow', { params: { platform }, form: { state, name: `Sandbox ${platform}` } });
        const back = await api.call('platformCallback', { params: { platform }, query: queryOf(consent.headers.get('location')!), headers: { cookie: cookieOf(connect.headers) } });
        expect(back.headers.get('location')).toBe(`/dashboard/account?linked=${platform}`);
        return eventually(async () => (await api.call('linkStatus', { token, params: { platform } })).body as { connected: boolean; channelUrl?: string }, (s) => s.connected);
      };

      it('should link each platform through its consent page and post the video once to each', async () => {
        await link('youtube');
        const tiktok = await link('tiktok');
        await link('instagram');
        const youtube = (await api.call('youtubeUpload', { token, body: { videoId, title: 'Owls', description: 'Facts', privacy: 'public', tags: ['owls'] } })).body as { youtubeUrl: string };
        const again = (await api.call('youtubeUpload', { token, body: { videoId, title: 'Owls', description: 'Facts', privacy: 'public', tags: [] } })).body as { youtubeUrl: string };
        expect(again.youtubeUrl).toBe(youtube.youtubeUrl);
        expect((await api.call('tiktokUpload', { token, body: { videoId, title: 'Owls', description: 'Facts', allowDuet: true, allowStitch: true, hashtags: [] } })).body).toMatchObject({ status: 'COMPLETED' });
        await api.call('instagramUpload', { token, body: { videoId, caption: 'Owls\n\nFacts' } });
        await api.call('youtubeUpload', { token, body: { title: 'no id' }, expect: 400 });

        const postId = youtube.youtubeUrl.split('/').pop()!;
        await api.call('sandboxPost', { params: { id: postId } });
        await api.call('sandboxPostVideo', { params: { id: postId } });
        expect((await api.call('sandboxPostVideo', { params: { id: 'no-such-post' }, expect: 404 })).body).toEqual({ error: 'Not found' });
        await api.call('sandboxGallery', { query: queryOf(tiktok.channelUrl!) });
      });

      it('should disconnect a platform', async () => {
        (await api.call('disconnectPlatform', { token, params: { platform: 'instagram' } })).body;
        expect((await api.call('linkStatus', { token, params: { platform: 'instagram' } })).body).toEqual({ connected: false });
      });
    });

    describe('Given a subscription', () => {
      it('should check out through the simulator and show the plan', async () => {
        expect((await api.call('subscription', { token })).body).toEqual({ subscription: null });
        const { url } = (await api.call('createCheckoutSession', { token, body: { planId: 'DAILY' } })).body as { url: string };
        const id = url.split('/').pop()!;
        await api.call('checkoutPage', { params: { id } });
        const paid = await api.call('checkoutPay', { params: { id }, form: {} });
        api.position = Math.max(api.position, Number(queryOf(paid.headers.get('location')!).position));
        expect((await api.call('subscription', { token })).body).toMatchObject({ subscription: { plan: 'DAILY', status: 'active' } });
        expect((await api.call('videoStats', { token })).body).toMatchObject({ planLimit: 40 });
      });

      it('should open the portal, renew, schedule a plan change and cancel', async () => {
        const { url } = (await api.call('updatePayment', { token })).body as { url: string };
        const id = url.split('/').pop()!;
        await api.call('portalPage', { params: { id } });
        await api.call('portalAction', { params: { id, action: 'renew' }, form: {} });
        expect((await api.call('createCheckoutSession', { token, body: { planId: 'HARDCORE' } })).body).toMatchObject({ scheduled: true });
        (await api.call('cancelSubscription', { token })).body;
        expect((await api.call('subscription', { token })).body).toMatchObject({ subscription: { status: 'canceling' } });
      });

      it('should let a checkout be left', async () => {
        const { url } = (await api.call('createCheckoutSession', { token: otherToken, body: { planId: 'STARTER', period: 'annual' } })).body as { url: string };
        const left = await api.call('checkoutCancel', { params: { id: url.split('/').pop()! }, form: {} });
        expect(left.headers.get('location')).toContain('checkout=cancel');
      });
    });

    describe('Given a series', () => {
      it('should create, list, edit, pause, resume and delete it', async () => {
        const created = (await api.call('createSeries', { token, body: { ...aVideo, name: 'Owl facts', platforms: ['youtube', 'tiktok'], schedule: { timeZone: 'Europe/Paris' } } })).body as { seriesId: string };
        created;
        const params = { id: created.seriesId };
        expect((await api.call('listSeries', { token })).body).toMatchObject({ series: [{ _id: created.seriesId, name: 'Owl facts' }] });
        (await api.call('updateSeries', { token, params, body: { name: 'Owl facts daily' } })).body;
        expect((await api.call('getSeries', { token, params })).body).toMatchObject({ name: 'Owl facts daily', status: 'active' });
        (await api.call('pauseSeries', { token, params })).body;
        expect((await api.call('getSeries', { token, params })).body).toMatchObject({ status: 'paused', nextPostAt: null });
        (await api.call('resumeSeries', { token, params })).body;
        await api.call('createSeries', { token, body: { ...aVideo, platforms: [], schedule: { timeZone: 'Mars/Olympus' } }, expect: 400 });
        (await api.call('deleteSeries', { token, params })).body;
        await api.call('getSeries', { token, params, expect: 404 });
      });
    });

    describe('Given Google sign-in', () => {
      it('should send the browser to Google with a state it keeps in a cookie, and refuse a callback it did not start', async () => {
        const started = await api.call('googleSignIn');
        const location = new URL(started.headers.get('location') ?? '');
        expect(location.origin).toBe('https://accounts.google.com');
        expect(location.searchParams.get('client_id')).toBe(GOOGLE_TEST_ENV.GOOGLE_CLIENT_ID);
        expect(location.searchParams.get('redirect_uri')).toMatch(/\/api\/auth\/google\/callback$/);
        expect(location.searchParams.get('state')).toBeTruthy();
        expect(cookieOf(started.headers)).toContain('google_oauth_state=');

        const refused = await api.call('googleCallback', { query: { code: 'forged', state: 'not-the-one-we-sent' } });
        expect(refused.headers.get('location')).toBe('/login?error=google');
      });
    });

    describe('Given an analyst', () => {
      it('should serve the log, a stream as of a position, the export, the projections and the stats, and start a rebuild; a creator gets 403', async () => {
        const analyst = ((await api.call('register', { body: { name: 'Ana', email: ANALYST_EMAIL, password: PASSWORD } })).body as { token: string }).token;
        expect((await api.call('me', { token: analyst })).body).toMatchObject({ roles: ['analyst'] });
        const userId = ((await api.call('me', { token })).body as { _id: string })._id;

        const page = (await api.call('analyticsEvents', { token: analyst, query: { category: 'user', limit: '1000' } })).body as { events: Array<{ streamId: string; data: Record<string, unknown> }> };
        expect(page.events.find((e) => e.streamId === `user-${userId}`)?.data).toMatchObject({ passwordHash: '[redacted]' });
        await api.call('analyticsLive', { token: analyst, query: { category: 'video' } });
        expect((await api.call('analyticsStreams', { token: analyst, query: { category: 'video' } })).body).toMatchObject({ streams: [{ streamId: `video-${videoId}` }] });
        const stream = (await api.call('analyticsStream', { token: analyst, params: { streamId: `video-${videoId}` }, query: { asOf: '1' } })).body as { events: unknown[] };
        expect(stream.events).toEqual([]);
        const exported = await api.call('analyticsExport', { token: analyst, query: { category: 'video' } });
        expect(exported.headers.get('content-type')).toMatch(/application\/x-ndjson/);
        await api.call('analyticsProjections', { token: analyst });
        await api.call('analyticsStats', { token: analyst, query: { bucket: 'hour' } });
        await api.call('rebuildProjection', { token: analyst, params: { name: 'product-stats' } });
        await api.call('analyticsEvents', { token, expect: 403 });
        await api.call('rebuildProjection', { token, params: { name: 'product-stats' }, expect: 403 });
      });
    });

    describe('Given the test clock', () => {
      it('should move the scheduler\'s clock in test mode only', async () => {
        if (!target.testClock) {
          await api.call('advanceTestClock', { body: { minutes: 5 }, expect: 404 });
          return;
        }
        const before = Date.parse(((await api.call('testClock')).body as { now: string }).now);
        const after = Date.parse(((await api.call('advanceTestClock', { body: { minutes: 60 } })).body as { now: string }).now);
        expect(after - before).toBeGreaterThanOrEqual(60 * 60_000);
      });
    });

    describe('Given the video is deleted', () => {
      it('should be gone from every read', async () => {
        (await api.call('deleteVideo', { token, params: { id: videoId } })).body;
        await api.call('getVideo', { token, params: { id: videoId }, expect: 404 });
        expect((await api.call('listVideos', { token })).body).toEqual({ videos: [] });
      });
    });

    describe("Given each process's operations endpoints", () => {
      it('should be live and ready, and measure what it does in /metrics', async () => {
        for (const { name, url, runs } of target.ops) {
          expect({ name, live: (await fetch(`${url}/livez`)).status }).toEqual({ name, live: 200 });
          const ready = await fetch(`${url}/readyz`);
          expect({ name, ready: ready.status, body: await ready.json() }).toMatchObject({ name, ready: 200, body: { status: 'ready' } });
          const text = await (await fetch(`${url}/metrics`)).text();
          const expected: Record<string, RegExp> = {
            http: /studio_http_request_duration_seconds_count\{[^}]*route="[a-zA-Z]+"[^}]*\} [1-9]/,
            commands: /studio_commands_total\{type="RequestVideo",outcome="accepted"\} [1-9]/,
            projections: /studio_projection_lag_seconds_count [1-9]/,
            renders: /studio_render_stage_seconds_count\{stage="assemble"\} [1-9]/,
            queries: /studio_render_queue_depth\{status="queued"\} \d+/,
          };
          for (const part of runs) expect({ name, part, found: expected[part].test(text) }).toEqual({ name, part, found: true });
          expect(text).toMatch(/process_resident_memory_bytes \d+/);
        }
      });
    });

    describe('When the journey is over', () => {
      it('should have exercised every route of the table that runs here', () => {
        const conditional: RouteName[] = target.testClock ? [] : ['testClock', 'advanceTestClock'];
        const expected = ALL_ROUTES.map((r) => r.name as RouteName).filter((name) => !NOT_HERE[name] && !conditional.includes(name)).sort();
        expect([...api.exercised].sort()).toEqual(expected);
        process.stdout.write(`API suite (${mode}): ${api.exercised.size} of ${ALL_ROUTES.length} routes exercised through the gateway; not here: ${[...Object.keys(NOT_HERE), ...conditional].join(', ')}\n`);
      });
    });
  });
}
