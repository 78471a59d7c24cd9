import { Readable } from 'node:stream';
import express from 'express';
import { InstagramPublisher } from './instagram';
import { PublishError, type PublishInput, type VideoSource } from './port';
import { listen, type StandIn } from './testing/stand-in';
import { startInstagramStandIn, type InstagramStandIn } from './testing/instagram-stand-in';
import { startTikTokStandIn, TIKTOK_POST_ID, type TikTokStandIn } from './testing/tiktok-stand-in';
import { startYouTubeStandIn, type YouTubeStandIn } from './testing/youtube-stand-in';
import { TikTokPublisher } from './tiktok';
import { YouTubePublisher } from './youtube';
import { defaultContent } from './content';

const REDIRECT = 'http://studio.test/api/auth/x/callback';
const NOW = new Date('2026-11-22T10:00:00Z');

function videoOf(bytes: Buffer, publicUrl = 'http://unused.test/video.mp4'): VideoSource {
  return {
    videoId: 'v1', size: bytes.length, contentType: 'video/mp4', publicUrl,
    open: async (range) => Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]),
  };
}

async function rejection(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PublishError);
  return error as PublishError;
}

describe('YouTube adapter (googleapis) against a local stand-in of the YouTube API', () => {
  let yt: YouTubeStandIn;
  let publisher: YouTubePublisher;
  beforeAll(async () => {
    yt = await startYouTubeStandIn();
    publisher = new YouTubePublisher({ clientId: yt.clientId, clientSecret: yt.clientSecret, apiBaseUrl: yt.url, oauthBaseUrl: yt.url, chunkBytes: 256 * 1024 });
  });
  afterAll(() => yt.close());

  it('should ask for offline access to upload, with our state', () => {
    const url = new URL(publisher.authorizationUrl({ state: 'st', redirectUri: REDIRECT }));
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('state')).toBe('st');
    expect(url.searchParams.get('scope')).toContain('youtube.upload');
  });

  it('should link the channel (name, id) and upload resumably in 256 KiB chunks, public, with tags', async () => {
    const { account, tokens } = await publisher.exchangeCode({ code: 'good-code', redirectUri: REDIRECT, now: NOW });
    expect(account).toMatchObject({ accountId: 'UCstandin123', name: 'Stand-in Channel', profileUrl: 'https://yt3.example/standin.jpg' });
    expect(tokens.refreshToken).toMatch(/^1\/\//);
    const bytes = Buffer.alloc(700 * 1024, 3);
    const result = await publisher.publish({ postId: 'p', tokens, account, video: videoOf(bytes), content: defaultContent('Owls', 'Facts') } as PublishInput);
    expect(result.url).toMatch(/^https:\/\/www\.youtube\.com\/shorts\/vid/);
    expect(yt.uploads.at(-1)).toEqual({ title: 'Owls', privacy: 'public', tags: ['shorts', 'faceless', 'ai video'], bytes: bytes.length });
    const puts = yt.requests.filter((r) => r.method === 'PUT');
    expect(puts.length).toBe(3);
    expect(puts.every((r) => String(r.headers.authorization).startsWith('Bearer ya29.'))).toBe(true);
  });

  it('should refuse a used authorization code (single use, as Google does)', async () => {
    await publisher.exchangeCode({ code: 'good-code-2', redirectUri: REDIRECT, now: NOW });
    expect((await rejection(publisher.exchangeCode({ code: 'good-code-2', redirectUri: REDIRECT, now: NOW }))).kind).toBe('auth');
  });

  it('should answer auth on expired credentials, refresh them, answer quota on quotaExceeded, then succeed', async () => {
    const linked = await publisher.exchangeCode({ code: 'good-code-3', redirectUri: REDIRECT, now: NOW });
    yt.expireAccessTokens();
    const input = { postId: 'p', account: linked.account, video: videoOf(Buffer.alloc(1000, 1)), content: defaultContent('T', 'D') };
    expect((await rejection(publisher.publish({ ...input, tokens: linked.tokens }))).kind).toBe('auth');
    const refreshed = await publisher.refresh(linked.tokens);
    expect(refreshed.accessToken).not.toBe(linked.tokens.accessToken);
    expect(refreshed.refreshToken).toBe(linked.tokens.refreshToken);
    yt.setQuotaExceeded(true);
    const quota = await rejection(publisher.publish({ ...input, tokens: refreshed }));
    expect(quota.kind).toBe('quota');
    expect(quota.retryable).toBe(true);
    yt.setQuotaExceeded(false);
    await expect(publisher.publish({ ...input, tokens: refreshed })).resolves.toMatchObject({ status: 'uploaded' });
  });
});

describe('TikTok adapter against a local stand-in of the Content Posting API', () => {
  let tt: TikTokStandIn;
  const make = (mode: 'inbox' | 'direct', pollTimeoutMs = 2000) => new TikTokPublisher({ clientKey: tt.clientKey, clientSecret: tt.clientSecret, mode, apiBaseUrl: tt.url, pollIntervalMs: 10, pollTimeoutMs });
  beforeAll(async () => {
    tt = await startTikTokStandIn();
  });
  afterAll(() => tt.close());
  beforeEach(() => tt.setMode('normal'));

  it('should link (open id, username, profile) and upload to the inbox, polling until COMPLETED', async () => {
    const publisher = make('inbox');
    expect(new URL(publisher.authorizationUrl({ state: 's', redirectUri: REDIRECT })).searchParams.get('client_key')).toBe(tt.clientKey);
    const { account, tokens } = await publisher.exchangeCode({ code: 'good-code', redirectUri: REDIRECT, now: NOW });
    expect(account).toEqual({ accountId: 'open-id-standin', name: 'Stand-in Creator', username: 'standin.creator', profileUrl: 'https://p16.example/avatar.jpeg', channelUrl: 'https://www.tiktok.com/@standin.creator' });
    expect(tokens.expiresAt).toBe('2026-11-23T10:00:00.000Z');
    const result = await publisher.publish({ postId: 'p', tokens, account, video: videoOf(Buffer.alloc(400_000, 2)), content: defaultContent('Owls', 'Facts') });
    expect(result).toMatchObject({ status: 'COMPLETED', url: 'https://www.tiktok.com/@standin.creator' });
    expect(tt.uploads.at(-1)).toMatchObject({ kind: 'inbox', bytes: 400_000 });
  });

  it('should post directly with duet and stitch allowed and link the public post', async () => {
    const publisher = make('direct');
    const { account, tokens } = await publisher.exchangeCode({ code: 'good-code', redirectUri: REDIRECT, now: NOW });
    const result = await publisher.publish({ postId: 'p', tokens, account, video: videoOf(Buffer.alloc(1000, 2)), content: defaultContent('Owls', 'Facts', { hashtags: ['owls'] }) });
    expect(result).toEqual({ status: 'COMPLETED', url: `https://www.tiktok.com/@standin.creator/video/${TIKTOK_POST_ID}`, remoteId: TIKTOK_POST_ID });
    expect(tt.uploads.at(-1)).toMatchObject({ kind: 'direct', title: 'Owls #owls', disableDuet: false });
  });

  it("should answer 'Upload did not finish in time.' when the status never completes", async () => {
    const publisher = make('inbox', 100);
    const { account, tokens } = await publisher.exchangeCode({ code: 'good-code', redirectUri: REDIRECT, now: NOW });
    tt.setMode('stuck');
    const error = await rejection(publisher.publish({ postId: 'p', tokens, account, video: videoOf(Buffer.alloc(1000, 2)), content: defaultContent('T', 'D') }));
    expect(error).toMatchObject({ kind: 'timeout', message: 'Upload did not finish in time.', retryable: false });
  });

  it('should report rate limits as retryable, invalid tokens as auth, and refresh with the refresh token', async () => {
    const publisher = make('inbox');
    const { account, tokens } = await publisher.exchangeCode({ code: 'good-code', redirectUri: REDIRECT, now: NOW });
    const input = { postId: 'p', account, video: videoOf(Buffer.alloc(1000, 2)), content: defaultContent('T', 'D') };
    tt.setMode('rate_limited');
    expect(await rejection(publisher.publish({ ...input, tokens }))).toMatchObject({ kind: 'rate_limit', retryable: true });
    tt.setMode('normal');
    tt.expireAccessTokens();
    expect((await rejection(publisher.publish({ ...input, tokens }))).kind).toBe('auth');
    const refreshed = await publisher.refresh(tokens, NOW);
    await expect(publisher.publish({ ...input, tokens: refreshed })).resolves.toMatchObject({ status: 'COMPLETED' });
    expect((await rejection(publisher.refresh(tokens, NOW))).kind).toBe('auth');
  });
});

describe('Instagram adapter against a local stand-in of the Graph API', () => {
  let ig: InstagramStandIn;
  let media: StandIn;
  let publisher: InstagramPublisher;
  const bytes = Buffer.alloc(50_000, 5);
  beforeAll(async () => {
    ig = await startInstagramStandIn();
    const app = express();
    app.get('/api/video/stream/v1', (_req, res) => void res.type('video/mp4').send(bytes));
    media = await listen(app, []);
    publisher = new InstagramPublisher({ appId: ig.appId, appSecret: ig.appSecret, graphBaseUrl: ig.url, oauthBaseUrl: ig.url, pollIntervalMs: 10 });
  });
  afterAll(async () => {
    await ig.close();
    await media.close();
  });

  it('should link with a long-lived token and publish a Reel from the media URL, answering its permalink', async () => {
    const { account, tokens } = await publisher.exchangeCode({ code: 'good-code', redirectUri: REDIRECT, now: NOW });
    expect(account).toMatchObject({ accountId: '17841400000000001', username: 'standin.reels' });
    expect(tokens.expiresAt).toBe('2027-01-21T10:00:00.000Z');
    const result = await publisher.publish({ postId: 'p', tokens, account, video: videoOf(bytes, `${media.url}/api/video/stream/v1`), content: defaultContent('Owls', 'Facts') });
    expect(result.url).toMatch(/^https:\/\/www\.instagram\.com\/reel\//);
    expect(ig.published.at(-1)).toEqual({ caption: 'Owls\n\nFacts', videoBytes: bytes.length });
  });

  it('should refuse unreachable media, report the publishing limit as quota, bad tokens as auth, and refresh', async () => {
    const { account, tokens } = await publisher.exchangeCode({ code: 'good-code', redirectUri: REDIRECT, now: NOW });
    const input = { postId: 'p', account, content: defaultContent('T', 'D') };
    expect((await rejection(publisher.publish({ ...input, tokens, video: videoOf(bytes, `${media.url}/missing`) }))).kind).toBe('rejected');
    ig.setPublishLimitReached(true);
    expect(await rejection(publisher.publish({ ...input, tokens, video: videoOf(bytes, `${media.url}/api/video/stream/v1`) }))).toMatchObject({ kind: 'quota', retryable: true });
    ig.setPublishLimitReached(false);
    const refreshed = await publisher.refresh(tokens, NOW);
    ig.expireAccessTokens();
    expect((await rejection(publisher.publish({ ...input, tokens: refreshed, video: videoOf(bytes, `${media.url}/api/video/stream/v1`) }))).kind).toBe('auth');
  });
});
