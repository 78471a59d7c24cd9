/**
 * The authorization matrix (issue 16): every route of the table × (no session, another creator's
 * session, the owner's session, an analyst where analytics are) against the embedded product. The
 * table below is keyed by every route name, so a new route does not compile until it says who may
 * call it. No answer may carry another creator's data, and nothing another creator sends may change
 * the owner's.
 */
import { randomUUID } from 'node:crypto';
import { ALL_ROUTES, ROUTES, type RouteContract, type RouteName } from '@app/domain';
import { startEmbeddedServer, type TestServer } from '../support/embedded-server';
import { ApiClient, eventually, type CallOptions } from './client';
import { A_TINY_PNG, aTinyPngUpload } from './media-files';
import { cookiesSetBy } from '../support/cookies';

const PASSWORD = 'secret1!';
const aVideo = { topic: 'Fun Facts', duration: 30, customPrompt: '', style: 'pixel', voiceid: 'nPczCjzI2devNBz1zQrb', aspectRatio: '9:16', language: 'English' };
const aSeries = { ...aVideo, name: 'Owl facts', platforms: [], schedule: { timeZone: 'Europe/Paris' } };
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

/** What the owner has, made before the matrix runs. */
interface Owner {
  token: string;
  email: string;
  videoId: string;
  seriesId: string;
  streamUrl: string;
  thumbnailUrl: string;
  scenePictureUrl: string;
  /** An item of the owner's media library, and its signed thumbnail URL. */
  mediaId: string;
  mediaThumbnailUrl: string;
  /** Two resumable uploads of the owner's: one to continue, one to cancel. */
  tusUploadId: string;
  tusCancelId: string;
  /** A batch of the owner's series (every item over the Free plan's limit, so nothing renders). */
  batchId: string;
}

type Call = (owner: Owner) => Omit<CallOptions, 'token' | 'expect'>;

/**
 * Who may call a route:
 * - `own`: a session, and only the owner of the resource the call names: no session 401, another creator 404;
 * - `account`: a session, acting on the caller's own account: no session 401; another creator gets
 *   their own data, never the owner's;
 * - `analyst`: an analyst's session: no session 401, a creator 403;
 * - `signed`: the signed URL the owner was handed: without its signature 403;
 * - `public`: anyone, no session needed;
 * - `elsewhere`: what the matrix cannot call here, and where it is shown.
 */
type Access =
  | { who: 'own' | 'account' | 'analyst' | 'signed' | 'public'; call: Call; destructive?: true; ownerExpects?: number[] }
  | { who: 'elsewhere'; why: string };

const none: Call = () => ({});
const video: Call = (o) => ({ params: { id: o.videoId } });
const series: Call = (o) => ({ params: { id: o.seriesId } });

const TUS = { 'tus-resumable': '1.0.0' };
const tusUpload = (id: (o: Owner) => string): Call => (o) => ({ params: { id: id(o) }, headers: TUS });

const MATRIX: Record<RouteName, Access> = {
  register: { who: 'public', call: () => ({ body: { name: 'New Person', email: `new-${randomUUID()}@example.com`, password: PASSWORD } }) },
  login: { who: 'public', call: (o) => ({ body: { email: o.email, password: PASSWORD } }) },
  me: { who: 'account', call: none },
  forgotPassword: { who: 'public', call: (o) => ({ body: { email: o.email } }) },
  resetPassword: { who: 'elsewhere', why: 'the mailed token is the credential: tests/api/api-suite.ts resets through the dev mailbox and refuses a used token' },
  updateEmail: { who: 'account', call: () => ({ body: { email: `moved-${randomUUID()}@example.com` } }) },
  updatePassword: { who: 'account', call: () => ({ body: { currentPassword: PASSWORD, newPassword: PASSWORD } }) },
  googleSignIn: { who: 'elsewhere', why: 'a redirect to Google: tests/api/api-suite.ts checks it and the refused callback' },
  googleCallback: { who: 'elsewhere', why: 'the signed state is the credential: tests/api/api-suite.ts refuses a callback it did not start' },
  generateVideo: { who: 'account', call: () => ({ body: aVideo }) },
  // The owner's item is an image: refused (a finished clip becomes a video in tests/scenarios/own-media.int.spec.ts).
  uploadVideo: { who: 'own', call: (o) => ({ body: { mediaId: o.mediaId } }), ownerExpects: [400] },
  editCaption: { who: 'own', call: (o) => ({ ...video(o), body: { description: 'Owls can see in the dark.' } }) },
  editScript: { who: 'own', call: (o) => ({ ...video(o), body: { title: 'Owls at night', narrationScript: ['Owls see in the dark.', 'They hunt at night.'] } }) },
  editScene: { who: 'own', call: (o) => ({ params: { id: o.videoId, index: '0' }, body: { line: 'Owls see very well in the dark.' } }) },
  arrangeScenes: { who: 'own', call: (o) => ({ ...video(o), body: { order: [1, 0] } }) },
  useSceneMedia: { who: 'own', call: (o) => ({ params: { id: o.videoId, index: '0' }, body: { mediaId: o.mediaId, fit: 'crop' } }) },
  regenerateSceneImage: { who: 'own', call: (o) => ({ params: { id: o.videoId, index: '0' }, body: { prompt: 'an owl on a branch at night' } }) },
  changeVoice: { who: 'own', call: (o) => ({ ...video(o), body: { voiceId: 'JBFqnCBsd6RMkjVDRZzb' } }) },
  changeMusic: { who: 'own', call: (o) => ({ ...video(o), body: { mood: 'calm', volume: 20, ducking: true } }) },
  changeCaptionStyle: { who: 'own', call: (o) => ({ ...video(o), body: { preset: 'boxed', position: 'top', size: 'large', highlight: '#00FFAA' } }) },
  restoreVersion: { who: 'own', call: (o) => ({ params: { id: o.videoId, version: '1' } }) },
  // Last: a re-render makes the video busy. 409 while the owner's other video (made above) still renders.
  requestRerender: { who: 'own', call: video, destructive: true, ownerExpects: [201, 409] },
  videoScenePicture: { who: 'signed', call: (o) => ({ params: { id: o.videoId, picture: new URL(o.scenePictureUrl, 'http://x').pathname.split('/').pop()! }, query: queryOf(o.scenePictureUrl) }) },
  captionPresetPreview: { who: 'public', call: () => ({ params: { id: 'pop' } }) },
  deleteVideo: { who: 'own', call: video, destructive: true },
  listVideos: { who: 'account', call: none },
  videoStats: { who: 'account', call: none },
  videoStatus: { who: 'own', call: video },
  videoEvents: { who: 'own', call: video },
  getVideoById: { who: 'own', call: video },
  getVideo: { who: 'own', call: video },
  streamVideo: { who: 'signed', call: (o) => ({ ...video(o), query: queryOf(o.streamUrl) }) },
  videoThumbnail: { who: 'signed', call: (o) => ({ ...video(o), query: queryOf(o.thumbnailUrl) }) },
  catalog: { who: 'public', call: none },
  serviceStatus: { who: 'public', call: none },
  voicePreview: { who: 'public', call: () => ({ params: { id: 'nPczCjzI2devNBz1zQrb' } }) },
  artStylePreview: { who: 'public', call: () => ({ params: { id: 'pixel' } }) },
  subscription: { who: 'account', call: none },
  createCheckoutSession: { who: 'account', call: () => ({ body: { planId: 'HARDCORE' } }) },
  updatePayment: { who: 'account', call: none },
  cancelSubscription: { who: 'account', call: none, destructive: true },
  stripeWebhook: { who: 'elsewhere', why: "Stripe's signature is the credential: command-api/src/billing/webhook.int.spec.ts refuses unsigned deliveries" },
  checkoutPage: { who: 'elsewhere', why: 'the unguessable checkout id is the credential: a wrong one is 404 here' },
  checkoutPay: { who: 'elsewhere', why: 'the unguessable checkout id is the credential: a wrong one is 404 here' },
  checkoutCancel: { who: 'elsewhere', why: 'the unguessable checkout id is the credential: a wrong one is 404 here' },
  portalPage: { who: 'elsewhere', why: 'the unguessable portal id is the credential: a wrong one is 404 here' },
  portalAction: { who: 'elsewhere', why: 'the unguessable portal id is the credential: a wrong one is 404 here' },
  linkStatus: { who: 'account', call: () => ({ params: { platform: 'youtube' } }) },
  connectPlatform: { who: 'account', call: () => ({ params: { platform: 'tiktok' } }) },
  platformCallback: { who: 'elsewhere', why: 'the state bound to the browser is the credential: tests/scenarios/publishing/social.int.spec.ts refuses a forged one' },
  disconnectPlatform: { who: 'account', call: () => ({ params: { platform: 'instagram' } }), destructive: true },
  youtubeUpload: { who: 'own', call: (o) => ({ body: { videoId: o.videoId, title: 'Owls', description: 'Facts', privacy: 'public', tags: [] } }) },
  tiktokUpload: { who: 'own', call: (o) => ({ body: { videoId: o.videoId, title: 'Owls', description: 'Facts', allowDuet: true, allowStitch: true, hashtags: [] } }) },
  instagramUpload: { who: 'own', call: (o) => ({ body: { videoId: o.videoId, caption: 'Owls\n\nFacts' } }) },
  sandboxConsent: { who: 'elsewhere', why: "the sandbox platform's own consent page: tests/api/api-suite.ts links through it" },
  sandboxAllow: { who: 'elsewhere', why: "the sandbox platform's own consent page: tests/api/api-suite.ts links through it" },
  sandboxGallery: { who: 'elsewhere', why: "the sandbox account's unguessable gallery id is the credential" },
  sandboxPost: { who: 'elsewhere', why: "the sandbox post's unguessable id is the credential" },
  sandboxPostVideo: { who: 'elsewhere', why: "the sandbox post's unguessable id is the credential" },
  listSeries: { who: 'account', call: none },
  getSeries: { who: 'own', call: series },
  createSeries: { who: 'account', call: () => ({ body: aSeries }) },
  updateSeries: { who: 'own', call: (o) => ({ ...series(o), body: { name: 'Owl facts daily' } }) },
  pauseSeries: { who: 'own', call: series },
  resumeSeries: { who: 'own', call: series },
  queueBatch: { who: 'own', call: (o) => ({ ...series(o), body: { lines: 'Why owls hoot\nHow bats see' } }), destructive: true },
  listBatches: { who: 'own', call: series },
  getBatch: { who: 'own', call: (o) => ({ params: { id: o.seriesId, batchId: o.batchId } }) },
  cancelBatch: { who: 'own', call: (o) => ({ params: { id: o.seriesId, batchId: o.batchId } }), destructive: true },
  deleteSeries: { who: 'own', call: series, destructive: true },
  listMedia: { who: 'account', call: none },
  uploadMedia: { who: 'account', call: () => ({ files: aTinyPngUpload() }) },
  deleteMedia: { who: 'own', call: (o) => ({ params: { id: o.mediaId } }), destructive: true },
  createMediaUpload: { who: 'account', call: () => ({ headers: { ...TUS, 'upload-length': String(A_TINY_PNG.length) } }) },
  mediaUploadOffset: { who: 'own', call: tusUpload((o) => o.tusUploadId) },
  continueMediaUpload: {
    who: 'own', destructive: true, ownerExpects: [200],
    call: (o) => ({ params: { id: o.tusUploadId }, headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, bytes: A_TINY_PNG }),
  },
  cancelMediaUpload: { who: 'own', call: tusUpload((o) => o.tusCancelId), destructive: true },
  mediaThumbnail: { who: 'signed', call: (o) => ({ params: { userId: new URL(o.mediaThumbnailUrl, 'http://x').pathname.split('/')[4], id: o.mediaId }, query: queryOf(o.mediaThumbnailUrl) }) },
  openApi: { who: 'public', call: none },
  asyncApi: { who: 'public', call: none },
  apiDocs: { who: 'public', call: none },
  apiDocsAsset: { who: 'public', call: () => ({ params: { file: 'init.js' } }) },
  devMailbox: { who: 'elsewhere', why: 'loopback only: the test runs on this machine, so it cannot be refused here' },
  devMailboxMessages: { who: 'elsewhere', why: 'loopback only: the test runs on this machine, so it cannot be refused here' },
  analyticsEvents: { who: 'analyst', call: none },
  analyticsLive: { who: 'analyst', call: none },
  analyticsStreams: { who: 'analyst', call: none },
  analyticsStream: { who: 'analyst', call: (o) => ({ params: { streamId: `video-${o.videoId}` } }) },
  analyticsExport: { who: 'analyst', call: none },
  analyticsProjections: { who: 'analyst', call: none },
  analyticsBusLag: { who: 'analyst', call: none },
  rebuildProjection: { who: 'analyst', call: () => ({ params: { name: 'product-stats' } }) },
  analyticsStats: { who: 'analyst', call: none },
  testClock: { who: 'public', call: none },
  advanceTestClock: { who: 'public', call: () => ({ body: { minutes: 1 } }) },
};

const ANALYST = `analyst-matrix-${randomUUID().slice(0, 8)}@example.com`;

describe('The authorization matrix: every route × who calls it', () => {
  jest.setTimeout(300_000);
  let server: TestServer;
  let api: ApiClient;
  let owner: Owner;
  let other: { token: string; email: string };
  let analyst: string;

  const register = async (name: string, email: string) => ((await api.call('register', { body: { name, email, password: PASSWORD } })).body as { token: string }).token;

  beforeAll(async () => {
    server = await startEmbeddedServer({ webDist: null, env: { STUDIO_TEST_CLOCK: '1', ANALYST_EMAILS: ANALYST } });
    api = new ApiClient(server.url);
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const token = await register('Ada Owner', email);
    other = { email: `other-${randomUUID().slice(0, 8)}@example.com`, token: '' };
    other.token = await register('Grace Other', other.email);
    analyst = await register('Ana Lyst', ANALYST);

    const { videoId } = (await api.call('generateVideo', { token, body: aVideo })).body as { videoId: string };
    await eventually(async () => (await api.call('videoStatus', { token, params: { id: videoId } })).body as { status: string }, (s) => s.status === 'done', 240_000, 500);
    const { seriesId } = (await api.call('createSeries', { token, body: aSeries })).body as { seriesId: string };
    // On Free with its one video made: the batch is queued with every item over the limit.
    const { batchId } = (await api.call('queueBatch', { token, params: { id: seriesId }, body: { lines: 'Why owls hoot' } })).body as { batchId: string };
    const { streamUrl, thumbnailUrl, studio } = (await api.call('getVideo', { token, params: { id: videoId } })).body as { streamUrl: string; thumbnailUrl: string; studio: { scenes: Array<{ pictureUrl: string }> } };
    // Linked accounts on every platform, so that the owner's posts can succeed.
    for (const platform of ['youtube', 'tiktok', 'instagram']) {
      const connect = await api.call('connectPlatform', { token, params: { platform } });
      const { state } = queryOf((connect.body as { authUrl: string }).authUrl);
      const consent = await api.call('sandboxAllow', { params: { platform }, form: { state, name: `Owner on ${platform}` } });
      await api.call('platformCallback', { params: { platform }, query: queryOf(consent.headers.get('location')!), headers: { cookie: cookiesSetBy(connect.headers) } });
      await eventually(async () => (await api.call('linkStatus', { token, params: { platform } })).body as { connected: boolean }, (s) => s.connected);
    }
    // A paid plan, so that the owner can make another video and manage billing.
    const { url } = (await api.call('createCheckoutSession', { token, body: { planId: 'DAILY' } })).body as { url: string };
    await api.call('checkoutPay', { params: { id: url.split('/').pop()! }, form: {} });
    await eventually(async () => (await api.call('subscription', { token })).body as { subscription: { status: string } | null }, (s) => s.subscription?.status === 'active');
    // The render workers publish the previews when they start.
    await eventually(() => api.fetch('/api/art-styles/pixel/preview').then((r) => r.status), (status) => status === 200, 120_000, 500);
    await eventually(() => api.fetch('/api/voices/nPczCjzI2devNBz1zQrb/preview').then((r) => r.status), (status) => status === 200, 120_000, 500);
    await eventually(() => api.fetch('/api/caption-presets/pop/preview').then((r) => r.status), (status) => status === 200, 120_000, 500);
    const media = (await api.call('uploadMedia', { token, files: aTinyPngUpload('owner-blue.png') })).body as { _id: string; thumbnailUrl: string };
    const tusCreate = async () => (await api.call('createMediaUpload', { token, headers: { ...TUS, 'upload-length': String(A_TINY_PNG.length) } })).headers.get('location')!.split('/').pop()!;
    owner = {
      token, email, videoId, seriesId, streamUrl, thumbnailUrl, scenePictureUrl: studio.scenes[0].pictureUrl, mediaId: media._id, mediaThumbnailUrl: media.thumbnailUrl, batchId,
      tusUploadId: await tusCreate(), tusCancelId: await tusCreate(),
    };
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The owner's identifiers: no answer to anyone else may contain one. */
  const ownersMarks = () => [owner.videoId, owner.seriesId, owner.email, owner.mediaId, owner.batchId, owner.tusUploadId];

  it('should give every route of the table an entry (a new route must say who may call it)', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(ALL_ROUTES.map((route) => route.name).sort());
  });

  const callable = (Object.entries(MATRIX) as Array<[RouteName, Access]>).filter((entry): entry is [RouteName, Exclude<Access, { who: 'elsewhere' }>] => entry[1].who !== 'elsewhere');

  describe('Given no session', () => {
    it.each(callable.filter(([, a]) => a.who === 'own' || a.who === 'account' || a.who === 'analyst'))('%s answers 401 and writes nothing', async (name, access) => {
      await api.call(name, { ...access.call(owner), expect: 401 });
    });

    it.each(callable.filter(([, a]) => a.who === 'signed'))('%s without its signature answers 403', async (name, access) => {
      await api.call(name, { ...access.call(owner), query: {}, expect: 403 });
    });

    it.each(callable.filter(([, a]) => a.who === 'public'))('%s answers without a session', async (name, access) => {
      await api.call(name, access.call(owner));
    });

    it('the pages whose credential is an unguessable id answer 404 to a wrong one', async () => {
      for (const path of [`/billing/checkout/${randomUUID()}`, `/billing/portal/${randomUUID()}`, `/sandbox/published/${randomUUID()}`]) {
        expect((await api.fetch(path)).status).toBe(404);
      }
      expect((await api.fetch(`/billing/checkout/${randomUUID()}/pay`, { method: 'POST' })).status).toBe(404);
    });
  });

  describe("Given another creator's session", () => {
    it.each(callable.filter(([, a]) => a.who === 'own'))("%s on the owner's resource answers 404 (or 403), and carries none of the owner's data", async (name, access) => {
      const answer = await api.call(name, { ...access.call(owner), token: other.token, expect: [403, 404] });
      for (const mark of ownersMarks()) expect(answer.text).not.toContain(mark);
    });

    it.each(callable.filter(([, a]) => a.who === 'account' && !a.destructive))("%s answers the caller's own account, never the owner's", async (name, access) => {
      const answer = await api.call(name, { ...access.call(owner), token: other.token, expect: [(ROUTES[name] as RouteContract).status ?? 200, 400, 403, 409] });
      for (const mark of ownersMarks()) expect(answer.text).not.toContain(mark);
    });

    it.each(callable.filter(([, a]) => a.who === 'analyst'))('%s answers 403: a creator is not an analyst', async (name, access) => {
      const answer = await api.call(name, { ...access.call(owner), token: other.token, expect: 403 });
      expect(answer.body).toEqual({ error: 'Analyst access required' });
    });

    it("should have left the owner's video, caption, series and link as they were", async () => {
      const detail = (await api.call('getVideo', { token: owner.token, params: { id: owner.videoId } })).body as { description?: string; status: string };
      expect(detail.status).toBe('done');
      expect(detail.description).not.toBe('Owls can see in the dark.');
      expect((await api.call('getSeries', { token: owner.token, params: { id: owner.seriesId } })).body).toMatchObject({ name: 'Owl facts', status: 'active' });
      expect((await api.call('linkStatus', { token: owner.token, params: { platform: 'youtube' } })).body).toMatchObject({ connected: true });
      expect((await api.call('listVideos', { token: owner.token })).body).toMatchObject({ videos: [expect.objectContaining({ _id: owner.videoId })] });
    });
  });

  describe("Given an analyst's session", () => {
    it.each(callable.filter(([, a]) => a.who === 'analyst'))('%s answers', async (name, access) => {
      await api.call(name, { ...access.call(owner), token: analyst });
    });
  });

  describe("Given the owner's session", () => {
    // The destructive calls last, so every other call still finds what it names.
    const inOrder = [...callable.filter(([, a]) => (a.who === 'own' || a.who === 'account' || a.who === 'signed') && !a.destructive), ...callable.filter(([, a]) => a.destructive)];
    it.each(inOrder)('%s answers the owner', async (name, access) => {
      await api.call(name, { ...access.call(owner), token: access.who === 'signed' ? undefined : owner.token, ...(access.ownerExpects ? { expect: access.ownerExpects } : {}) });
    });
  });
});
