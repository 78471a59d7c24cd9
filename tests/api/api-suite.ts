import { randomUUID } from 'node:crypto';
import { ALL_ROUTES, BUS_TOPICS, deadLetterTopic, POSITION_HEADER, type RouteName } from '@app/domain';
import type { OpsEndpoint } from '../support/distributed';
import { ApiClient, eventually } from './client';
import { A_TINY_PNG, aTinyPngUpload } from './media-files';
import { cookiesSetBy } from '../support/cookies';

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
  uploadVideo: 'a finished clip normalised by a render worker: tests/scenarios/own-media.int.spec.ts uploads one and plays the video it becomes (refused here for an image)',
  stripeWebhook: "needs a Stripe key: command-api/src/billing/webhook.int.spec.ts sends it Stripe's signed deliveries",
};

const PASSWORD = 'secret1!';
const aVideo = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'pixel', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English' };

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
        for (const id of ['classic', 'boxed', 'pop', 'outline', 'single', 'minimal']) {
          await eventually(() => api.fetch(`/api/caption-presets/${id}/preview`).then((r) => r.status), (s) => s === 200, 120_000, 500);
          const preview = await api.call('captionPresetPreview', { params: { id } });
          expect(preview.headers.get('content-type')).toBe('image/jpeg');
        }
        expect((await api.call('captionPresetPreview', { params: { id: 'sparkles' }, expect: 404 })).body).toEqual({ error: 'Caption style not found' });
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
        for (const file of ['package.json', '__proto__', 'constructor', 'toString']) await api.call('apiDocsAsset', { params: { file }, expect: 404 });
      });

      it('should answer the bus contract: an AsyncAPI 3.0 document with every topic the product publishes and its dead-letter topic', async () => {
        const document = (await api.call('asyncApi')).body as { asyncapi: string; channels: Record<string, { address: string }> };
        expect(document.asyncapi).toBe('3.0.0');
        const topics = BUS_TOPICS.flatMap((contract) => [contract.topic, deadLetterTopic(contract.topic)]);
        expect(Object.values(document.channels).map((channel) => channel.address).sort()).toEqual(topics.sort());
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

      it('should edit it in the studio and render version 2, the first playing until the second is done, then restore the first', async () => {
        type Studio = { currentVersion: number; rendering: boolean; hasUnrenderedEdits: boolean; versions: Array<{ version: number }>; narrationScript: string[]; scenes: Array<{ line: string; pictureUrl: string | null }>; captions: object; music: object; voiceId: string };
        const studioOf = async () => (await api.call('getVideo', { token, params: { id: videoId } })).body as { studio: Studio; streamUrl: string; narrationScript: string[] };
        const withoutUrls = (studio: Studio) => ({ ...studio, scenes: studio.scenes.map((scene) => ({ ...scene, pictureUrl: scene.pictureUrl !== null })) });
        const before = await studioOf();
        expect(before.studio).toMatchObject({ currentVersion: 1, rendering: false, hasUnrenderedEdits: false, captions: { preset: 'classic' }, music: { volume: 30 } });
        expect(before.studio.scenes.map((scene) => scene.line)).toEqual(before.narrationScript);
        const picture = before.studio.scenes[0].pictureUrl!;
        expect((await api.fetch(picture)).headers.get('content-type')).toBe('image/jpeg');
        expect((await api.fetch(picture.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(403);

        // Bad input: the spec's kind of message, and nothing written.
        const refused: Array<[RouteName, object, string]> = [
          ['changeCaptionStyle', { preset: 'sparkles', position: 'top', size: 'large', highlight: '#00FFAA' }, 'Please choose one of the caption styles'],
          ['changeMusic', { mood: 'calm', volume: 150, ducking: true }, 'Music volume must be between 0 and 100'],
          ['editScript', { title: 'Long', narrationScript: ['word '.repeat(330)] }, 'The voice script must be at most 1600 characters'],
          ['editScript', { title: 't'.repeat(101), narrationScript: ['Fine.'] }, 'Title must be at most 100 characters'],
        ];
        for (const [name, body, error] of refused) {
          expect((await api.call(name, { token, params: { id: videoId }, body, expect: 400 })).body).toMatchObject({ error });
        }
        await api.call('editScene', { token, params: { id: videoId, index: '40' }, body: { line: 'Nowhere.' }, expect: 400 });
        await api.call('changeVoice', { token: otherToken, params: { id: videoId }, body: { voiceId: 'JBFqnCBsd6RMkjVDRZzb' }, expect: 404 });
        expect(withoutUrls((await studioOf()).studio)).toEqual(withoutUrls(before.studio));

        await api.call('changeCaptionStyle', { token, params: { id: videoId }, body: { preset: 'pop', position: 'top', size: 'large', highlight: '#00ffaa' } });
        await api.call('changeMusic', { token, params: { id: videoId }, body: { mood: 'calm', volume: 0, ducking: true } });
        await api.call('editScene', { token, params: { id: videoId, index: '0' }, body: { line: 'Owls can see in the dark.' } });
        await api.call('regenerateSceneImage', { token, params: { id: videoId, index: '1' }, body: {} });
        await api.call('changeVoice', { token, params: { id: videoId }, body: { voiceId: 'JBFqnCBsd6RMkjVDRZzb' } });
        const edited = await studioOf();
        expect(edited.studio).toMatchObject({ hasUnrenderedEdits: true, captions: { preset: 'pop', highlight: '#00FFAA' }, music: { volume: 0 } });
        expect(edited.studio.scenes[1].pictureUrl).toBeNull();
        expect(edited.narrationScript).toEqual(before.narrationScript);

        expect((await api.call('requestRerender', { token, params: { id: videoId } })).body).toMatchObject({ version: 2 });
        expect((await api.call('editScene', { token, params: { id: videoId, index: '0' }, body: { line: 'Too late.' }, expect: 409 })).body).toEqual({ error: 'Video is still processing' });
        await api.call('generateVideo', { token, body: aVideo, expect: 409 });
        const during = await studioOf();
        expect(during.streamUrl).toBe(before.streamUrl.replace(/exp=\d+&sig=[^&]+/, during.streamUrl.match(/exp=\d+&sig=[^&]+/)![0]));

        await eventually(async () => (await api.call('videoStatus', { token, params: { id: videoId } })).body as { status: string }, (s) => s.status === 'done' || s.status === 'failed', 240_000, 500);
        const after = await studioOf();
        expect(after.studio).toMatchObject({ currentVersion: 2, rendering: false, hasUnrenderedEdits: false, versions: [{ version: 1 }, { version: 2 }] });
        expect(after.narrationScript[0]).toBe('Owls can see in the dark.');
        expect(after.streamUrl).toContain('&v=2');
        expect(after.studio.scenes.every((scene) => scene.pictureUrl !== null)).toBe(true);
        const stream = await api.call('streamVideo', { params: { id: videoId }, query: queryOf(after.streamUrl), headers: { range: 'bytes=0-99' }, expect: 206 });
        expect(stream.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
        // A re-render is the same video: the free plan's one video is still the only one counted.
        expect((await api.call('videoStats', { token })).body).toEqual({ monthlyCount: 1, total: 1, planLimit: 1 });

        await api.call('restoreVersion', { token, params: { id: videoId, version: '1' } });
        const restored = await studioOf();
        expect(restored.studio).toMatchObject({ currentVersion: 1, captions: { preset: 'classic' }, music: { volume: 30 } });
        expect(restored.streamUrl).not.toContain('&v=');
        await api.call('restoreVersion', { token, params: { id: videoId, version: '9' }, expect: 404 });
        await api.call('videoScenePicture', { params: { id: videoId, picture: new URL(picture, 'http://x').pathname.split('/').pop()! }, query: queryOf(picture) });
        await api.call('arrangeScenes', { token, params: { id: videoId }, body: { order: [1, 0] } });
        expect((await studioOf()).studio.narrationScript).toEqual([before.narrationScript[1], before.narrationScript[0]]);
        await api.call('editScript', { token, params: { id: videoId }, body: { title: 'Owls at night', narrationScript: ['Owls see in the dark.', 'They hunt at night.', 'And sleep all day.'] } });
        expect((await studioOf()).studio).toMatchObject({ title: 'Owls at night', narrationScript: ['Owls see in the dark.', 'They hunt at night.', 'And sleep all day.'], hasUnrenderedEdits: true });
      });
    });

    describe('Given a batch on the Free plan with its one video made', () => {
      it('should queue it with every item reported over the limit, show its progress, refuse bad input and other creators, and cancel', async () => {
        const { seriesId } = (await api.call('createSeries', { token, body: { ...aVideo, name: 'Owl batch', platforms: [] } })).body as { seriesId: string };
        const params = { id: seriesId };
        const queued = (await api.call('queueBatch', { token, params, body: { csv: 'prompt,title\nWhy owls hoot,Owls\nFun Facts,' } })).body as { batchId: string };
        expect(queued).toMatchObject({ status: 'done', counts: { total: 2, overLimit: 2, queued: 0 }, items: [{ prompt: 'Why owls hoot', title: 'Owls', status: 'overLimit' }, { topic: 'Fun Facts', status: 'overLimit' }] });
        const batch = { id: seriesId, batchId: queued.batchId };
        expect((await api.call('listBatches', { token, params })).body).toMatchObject({ batches: [{ _id: queued.batchId, counts: { overLimit: 2 } }] });
        expect((await api.call('getBatch', { token, params: batch })).body).toMatchObject({ _id: queued.batchId, seriesId, status: 'done' });
        (await api.call('cancelBatch', { token, params: batch })).body;
        const bad = await api.call('queueBatch', { token, params, body: { csv: 'prompt,publishAt\nOwls,tomorrow' }, expect: 400 });
        expect((bad.body as { error: string }).error).toBe('Line 2: publishAt must be an ISO 8601 date and time with its time zone, like 2026-12-01T18:00:00Z');
        await api.call('queueBatch', { token: otherToken, params, body: { lines: 'Owls' }, expect: 404 });
        await api.call('getBatch', { token: otherToken, params: batch, expect: 404 });
        (await api.call('deleteSeries', { token, params })).body;
      });
    });

    describe('Given linked accounts', () => {
      const link = async (platform: string) => {
        const connect = await api.call('connectPlatform', { token, params: { platform } });
        const { authUrl } = connect.body as { authUrl: string };
        const state = queryOf(authUrl).state;
        await api.call('sandboxConsent', { params: { platform }, query: { state } });
        const consent = await api.call('sandboxAllow', { params: { platform }, form: { state, name: `Sandbox ${platform}` } });
        const back = await api.call('platformCallback', { params: { platform }, query: queryOf(consent.headers.get('location')!), headers: { cookie: cookiesSetBy(connect.headers) } });
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

      it('should send a callback whose link cookie is mangled back to the account page, never to a server error', async () => {
        const connect = await api.call('connectPlatform', { token, params: { platform: 'youtube' } });
        const state = queryOf((connect.body as { authUrl: string }).authUrl).state;
        const back = await api.call('platformCallback', { params: { platform: 'youtube' }, query: { state, code: 'a-code' }, headers: { cookie: 'studio_link_youtube=%E0%A4%A' } });
        expect(back.headers.get('location')).toBe('/dashboard/account?linkError=youtube');
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
        // The series' own caption look and music, for every video autopilot makes of it.
        const captions = { preset: 'single', position: 'middle', size: 'large', highlight: '#FF3366' };
        (await api.call('updateSeries', { token, params, body: { captions, music: { mood: 'calm', volume: 15, ducking: false } } })).body;
        expect((await api.call('getSeries', { token, params })).body).toMatchObject({ name: 'Owl facts daily', captions, music: { mood: 'calm', volume: 15, ducking: false } });
        await api.call('updateSeries', { token, params, body: { music: { mood: 'calm', volume: 150, ducking: false } }, expect: 400 });
        // Two edits of different fields at the same moment both hold: each is merged with the series as the command finds it.
        const edits = { style: 'anime', voiceid: 'JBFqnCBsd6RMkjVDRZzb', aspectRatio: '16:9', language: 'French', duration: 60, topic: 'Interesting History' };
        await Promise.all(Object.entries(edits).map(([field, value]) => api.call('updateSeries', { token, params, body: { [field]: value } })));
        expect((await api.call('getSeries', { token, params })).body).toMatchObject({ ...edits, captions });
        (await api.call('pauseSeries', { token, params })).body;
        expect((await api.call('getSeries', { token, params })).body).toMatchObject({ status: 'paused', nextPostAt: null });
        (await api.call('resumeSeries', { token, params })).body;
        await api.call('createSeries', { token, body: { ...aVideo, platforms: [], schedule: { timeZone: 'Mars/Olympus' } }, expect: 400 });
        (await api.call('deleteSeries', { token, params })).body;
        await api.call('getSeries', { token, params, expect: 404 });
      });
    });

    describe('Given the media library', () => {
      it('should upload a PNG, list it with its thumbnail, refuse what is not media, and delete it', async () => {
        const uploaded = (await api.call('uploadMedia', { token, files: aTinyPngUpload() })).body as { _id: string; thumbnailUrl: string };
        expect(uploaded).toMatchObject({ kind: 'image', name: 'blue.png', contentType: 'image/png', width: 32, height: 24, durationSeconds: null });
        const listed = (await api.call('listMedia', { token })).body as { media: Array<{ _id: string; thumbnailUrl: string }>; usedBytes: number };
        expect(listed.media).toEqual([expect.objectContaining({ _id: uploaded._id, kind: 'image', width: 32, height: 24 })]);
        expect(listed.usedBytes).toBeGreaterThan(0);
        const thumbnail = new URL(listed.media[0].thumbnailUrl, 'http://x');
        const [, , , , userId, id] = thumbnail.pathname.split('/');
        await api.call('mediaThumbnail', { params: { userId, id }, query: queryOf(listed.media[0].thumbnailUrl) });
        const refused = await api.call('uploadMedia', { token, files: { file: { name: 'notes.mp4', type: 'video/mp4', data: Buffer.from('These are my notes, not a video.') } }, expect: 400 });
        expect(refused.body).toMatchObject({ error: expect.stringContaining('not a video or an image we can use') });
        // The item on a scene of the video instead of its picture, and back (another creator's item is not found).
        await eventually(async () => (await api.call('videoStatus', { token, params: { id: videoId } })).body as { status: string }, (s) => s.status === 'done' || s.status === 'failed', 240_000, 500);
        await api.call('useSceneMedia', { token, params: { id: videoId, index: '0' }, body: { mediaId: uploaded._id, fit: 'letterbox' } });
        const scene = ((await api.call('getVideo', { token, params: { id: videoId } })).body as { studio: { scenes: Array<{ media: unknown }> } }).studio.scenes[0];
        expect(scene.media).toMatchObject({ mediaId: uploaded._id, kind: 'image', fit: 'letterbox', thumbnailUrl: expect.stringContaining('/api/media/thumbnail/') });
        await api.call('useSceneMedia', { token: otherToken, params: { id: videoId, index: '0' }, body: { mediaId: uploaded._id }, expect: 404 });
        await api.call('useSceneMedia', { token, params: { id: videoId, index: '0' }, body: { mediaId: null } });
        // "Upload Video" takes a clip, not an image.
        expect((await api.call('uploadVideo', { token, body: { mediaId: uploaded._id }, expect: 400 })).body).toMatchObject({ error: expect.stringContaining('Only a video clip') });
        await api.call('deleteMedia', { token: otherToken, params: { id: uploaded._id }, expect: 404 });
        await api.call('deleteMedia', { token, params: { id: uploaded._id } });
        expect((await api.call('listMedia', { token })).body).toMatchObject({ media: [], usedBytes: 0 });
        await api.call('deleteMedia', { token, params: { id: uploaded._id }, expect: 404 });
      });
    });

    describe('Given a resumable upload (tus)', () => {
      const tus = { 'tus-resumable': '1.0.0' };
      it('should take a file in two PATCHes from where it stopped, check it and list it; another creator cannot see or cancel it', async () => {
        const created = await api.call('createMediaUpload', {
          token, headers: { ...tus, 'upload-length': String(A_TINY_PNG.length), 'upload-metadata': `filename ${Buffer.from('resumed.png').toString('base64')}` },
        });
        const location = created.headers.get('location')!;
        expect(location).toMatch(/^\/api\/media\/uploads\/[0-9a-f]{48}$/);
        const id = location.split('/').pop()!;
        const half = Math.floor(A_TINY_PNG.length / 2);
        const first = await api.call('continueMediaUpload', { token, params: { id }, headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, bytes: A_TINY_PNG.subarray(0, half) });
        expect(first.headers.get('upload-offset')).toBe(String(half));
        expect((await api.call('mediaUploadOffset', { token, params: { id }, headers: tus })).headers.get('upload-offset')).toBe(String(half));
        await api.call('mediaUploadOffset', { token: otherToken, params: { id }, headers: tus, expect: 404 });
        await api.call('cancelMediaUpload', { token: otherToken, params: { id }, headers: tus, expect: 404 });
        // A PATCH from the wrong offset is refused in JSON.
        const conflict = await api.call('continueMediaUpload', { token, params: { id }, headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, bytes: A_TINY_PNG, expect: 409 });
        expect(conflict.body).toMatchObject({ error: expect.any(String) });
        const last = await api.call('continueMediaUpload', {
          token, params: { id }, headers: { ...tus, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' }, bytes: A_TINY_PNG.subarray(half), expect: 200,
        });
        const item = last.body as { _id: string; name: string; kind: string };
        expect(item).toMatchObject({ kind: 'image', name: 'resumed.png' });
        expect((await api.call('listMedia', { token })).body).toMatchObject({ media: [expect.objectContaining({ _id: item._id })] });
        await api.call('deleteMedia', { token, params: { id: item._id } });

        const abandoned = (await api.call('createMediaUpload', { token, headers: { ...tus, 'upload-length': '1000' } })).headers.get('location')!.split('/').pop()!;
        await api.call('cancelMediaUpload', { token, params: { id: abandoned }, headers: tus });
        await api.call('mediaUploadOffset', { token, params: { id: abandoned }, headers: tus, expect: [404, 410] });
        expect((await api.call('createMediaUpload', { token, headers: tus, expect: 400 })).body).toMatchObject({ error: expect.stringContaining('Upload-Length') });
        await api.call('createMediaUpload', { token, headers: { 'upload-length': '10' }, expect: 412 });
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
        expect(cookiesSetBy(started.headers)).toContain('google_oauth_state=');

        const refused = await api.call('googleCallback', { query: { code: 'forged', state: 'not-the-one-we-sent' } });
        expect(refused.headers.get('location')).toBe('/login?error=google');
      });
    });

    describe('Given an analyst', () => {
      it('should serve the log, a stream as of a position, the export, the projections, the bus lag and the stats, and start a rebuild; a creator gets 403', async () => {
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
        // The video made above went through both consumer groups: each shows its lag on its topic.
        const busLag = (await api.call('analyticsBusLag', { token: analyst })).body as { bus: string; groups: Array<{ groupId: string; topic: string; lag: number }> };
        expect(busLag.groups).toEqual(expect.arrayContaining([
          expect.objectContaining({ groupId: expect.stringMatching(/render-workers$/), topic: expect.stringMatching(/render\.requests$/), lag: expect.any(Number) }),
          expect.objectContaining({ groupId: expect.stringMatching(/status-ingester$/), topic: expect.stringMatching(/render\.status$/), lag: expect.any(Number) }),
        ]));
        await api.call('analyticsBusLag', { token, expect: 403 });
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
            renders: /studio_render_stage_seconds_count\{stage="picture"\} [1-9]/,
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
