import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  generateVideoSchema, postStreamId, seriesDecider, seriesStreamId, socialLinkDecider, socialLinkStreamId, subscriptionDecider, subscriptionStreamId,
  userDecider, userStreamId, videoDecider, videoStreamId, COLLECTIONS, postDecider, type Platform, type PostQueueDoc, type SeriesSettings, type VideoCommand,
} from '@app/domain';
import {
  AdjustableClock, LocalDiskBlobStore, SandboxPublisher, SqliteDocumentStore, TokenVault, commandMetadata, createLogger, handle, openSqliteEventStore, parseOrThrow,
  postIdFor, type EventStore,
} from '@app/platform';
import { PostExecutor } from '../publishing/post-executor';
import { generateVideo } from '../video/generate-video';
import { Autopilot } from './autopilot';

/** A Monday 10:00 in Paris; the series posts Mondays and Wednesdays at 18:00 there. */
const T0 = new Date('2026-11-02T09:00:00.000Z');
const MONDAY_18H = '2026-11-02T17:00:00.000Z';
const WEDNESDAY_18H = '2026-11-04T17:00:00.000Z';
const KEY = 'k'.repeat(48);

describe('The series autopilot', () => {
  let store: EventStore;
  let docs: SqliteDocumentStore;
  let dir: string;
  let clock: AdjustableClock;
  let autopilot: Autopilot;
  let vault: TokenVault;
  let blobs: LocalDiskBlobStore;

  const at = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
  const meta = (userId: string) => commandMetadata({ userId, now: clock.now() });
  const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'autopilot-'));
    store = openSqliteEventStore({ file: ':memory:' });
    docs = new SqliteDocumentStore(':memory:');
    clock = new AdjustableClock({ now: () => T0 });
    vault = new TokenVault(docs, KEY);
    blobs = new LocalDiskBlobStore(join(dir, 'media'));
    const publishers = { youtube: new SandboxPublisher('youtube', { docs, blobs }), tiktok: new SandboxPublisher('tiktok', { docs, blobs }), instagram: new SandboxPublisher('instagram', { docs, blobs }) };
    const logger = createLogger('test', { level: 'silent' });
    const executor = new PostExecutor({ eventStore: store, blobs, publishers, vault, clock, logger, mediaUrl: (id) => `http://studio.test/api/video/stream/${id}` });
    autopilot = new Autopilot({
      eventStore: store, docs, logger, clock, executor,
      generateVideo: (userId, body, metadata, seriesId) => generateVideo(store, userId, parseOrThrow(generateVideoSchema, body), metadata, seriesId),
    });
  });
  afterEach(async () => {
    await store.close();
    await docs.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Given: a creator with a series posting to `platforms` on Mondays and Wednesdays at 18:00 Paris time. */
  async function aCreatorWithASeries(options: { platforms?: Platform[]; linked?: Platform[]; plan?: 'FREE' | 'DAILY'; studio?: Pick<SeriesSettings, 'captions' | 'music'> } = {}) {
    const userId = `u-${Math.random().toString(36).slice(2, 8)}`;
    await handle(store, userStreamId(userId), userDecider, { type: 'RegisterUser', data: { userId, name: 'Ada', email: `${userId}@example.com`, passwordHash: null, googleId: null, fpr: null }, metadata: meta(userId) });
    if (options.plan === 'DAILY') {
      await handle(store, subscriptionStreamId(userId), subscriptionDecider, {
        type: 'ActivateSubscription', data: { userId, plan: 'DAILY', period: 'monthly', customerId: 'c', subscriptionId: 's', currentPeriodEnd: '2026-12-30T00:00:00.000Z' }, metadata: meta(userId),
      });
    }
    for (const platform of options.linked ?? ['youtube']) {
      const sealed = await vault.seal({ accessToken: 'sandbox-access-1', refreshToken: 'sandbox-refresh-1', expiresAt: '2026-12-30T00:00:00.000Z' });
      await handle(store, socialLinkStreamId(userId, platform), socialLinkDecider, {
        type: 'LinkAccount', data: { userId, platform, account: { accountId: `sandbox-${platform}-1`, name: 'Ada', username: 'ada', profileUrl: null, channelUrl: null }, encryptedTokens: sealed, expiresAt: null }, metadata: meta(userId),
      });
    }
    const seriesId = `s-${userId}`;
    await handle(store, seriesStreamId(seriesId), seriesDecider, {
      type: 'CreateSeries',
      data: {
        seriesId, userId, name: 'Owl facts', platforms: options.platforms ?? ['youtube'],
        settings: { topic: 'Fun Facts', customPrompt: null, voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', language: 'English', duration: 30, ...options.studio },
        schedule: { timeZone: 'Europe/Paris', times: ['18:00'], days: [1, 3] },
      },
      metadata: meta(userId),
    });
    return { userId, seriesId };
  }

  describe('Given a series whose slot has not come yet', () => {
    it('should do nothing', async () => {
      const { seriesId } = await aCreatorWithASeries();
      expect(await autopilot.runSeries(seriesId)).toEqual({ kind: 'none' });
    });
  });

  describe('When a slot comes due with an account linked', () => {
    it('should request exactly one video of the series for it', async () => {
      const { seriesId, userId } = await aCreatorWithASeries();
      at('2026-11-02T17:00:30.000Z');
      const outcome = await autopilot.runSeries(seriesId);
      expect(outcome).toEqual({ kind: 'requested', slot: MONDAY_18H, videoId: expect.any(String) });
      const videoId = (outcome as { videoId: string }).videoId;
      const [requested] = await store.readStream(videoStreamId(videoId));
      expect(requested.data).toMatchObject({ userId, seriesId, topic: 'Fun Facts', duration: 30 });
      expect(await types(seriesStreamId(seriesId))).toEqual(['SeriesCreated', 'SeriesSlotClaimed', 'SeriesVideoRequested']);
      // A second pass (another autopilot process, a retry) claims nothing.
      expect(await autopilot.runSeries(seriesId)).toEqual({ kind: 'none' });
    });
  });

  describe('When the series holds a caption style and music settings', () => {
    it('should make its videos with them', async () => {
      const captions = { preset: 'single' as const, position: 'middle' as const, size: 'large' as const, highlight: '#FF3366' };
      const music = { mood: 'calm' as const, volume: 15, ducking: false };
      const { seriesId } = await aCreatorWithASeries({ studio: { captions, music } });
      at('2026-11-02T17:00:30.000Z');
      const { videoId } = (await autopilot.runSeries(seriesId)) as { videoId: string };
      const [requested] = await store.readStream(videoStreamId(videoId));
      expect(requested.data).toMatchObject({ captions, music });
    });
  });

  describe('When the autopilot was down over several slots', () => {
    it('should make only the latest one, counting the missed ones', async () => {
      const { seriesId } = await aCreatorWithASeries({ plan: 'DAILY' });
      at('2026-11-05T12:00:00.000Z'); // Monday's and Wednesday's slots have passed
      expect(await autopilot.runSeries(seriesId)).toMatchObject({ kind: 'requested', slot: WEDNESDAY_18H });
      const [, claimed] = await store.readStream(seriesStreamId(seriesId));
      expect(claimed.data).toMatchObject({ missedSlots: 1 });
      expect(await autopilot.runSeries(seriesId)).toEqual({ kind: 'none' });
    });
  });

  describe('When no target account is linked', () => {
    it('should skip the slot with a reason a person can read', async () => {
      const { seriesId } = await aCreatorWithASeries({ platforms: ['tiktok'], linked: [] });
      at('2026-11-02T17:01:00.000Z');
      expect(await autopilot.runSeries(seriesId)).toEqual({ kind: 'skipped', slot: MONDAY_18H, reason: 'No linked account: connect TikTok to post' });
    });
  });

  describe("When the plan refuses the video (Free's single video is used)", () => {
    it("should skip the slot with the plan's message", async () => {
      const { seriesId } = await aCreatorWithASeries();
      at('2026-11-02T17:01:00.000Z');
      const first = await autopilot.runSeries(seriesId);
      expect(first.kind).toBe('requested');
      const { userId } = (await store.readStream(seriesStreamId(seriesId)))[0].data as { userId: string };
      await handle(store, subscriptionStreamId(userId), subscriptionDecider, { type: 'EndVideoProcessing', data: { videoId: (first as { videoId: string }).videoId }, metadata: meta(userId) });
      // Free posts once a week: the next slot is the next Monday.
      at('2026-11-09T17:01:00.000Z');
      expect(await autopilot.runSeries(seriesId)).toEqual({ kind: 'skipped', slot: '2026-11-09T17:00:00.000Z', reason: 'Please subscribe to generate more videos' });
    });
  });

  describe("When another of the creator's videos is still processing", () => {
    it('should wait, and make the slot once that video is done', async () => {
      const { seriesId } = await aCreatorWithASeries({ plan: 'DAILY' });
      at('2026-11-02T17:01:00.000Z');
      const first = await autopilot.runSeries(seriesId);
      at('2026-11-04T17:01:00.000Z');
      expect(await autopilot.runSeries(seriesId)).toEqual({ kind: 'deferred' });
      const { userId } = (await store.readStream(seriesStreamId(seriesId)))[0].data as { userId: string };
      await handle(store, subscriptionStreamId(userId), subscriptionDecider, { type: 'EndVideoProcessing', data: { videoId: (first as { videoId: string }).videoId }, metadata: meta(userId) });
      expect(await autopilot.runSeries(seriesId)).toMatchObject({ kind: 'requested', slot: WEDNESDAY_18H });
    });
  });

  describe("When an autopilot post's attempt was cut off by its process exiting (kill -9 mid-upload)", () => {
    it('should post it at once, not when the hold runs out', async () => {
      const { userId, seriesId } = await aCreatorWithASeries();
      const videoId = 'v-orphan';
      const decide = (type: VideoCommand['type'], data: object) => handle(store, videoStreamId(videoId), videoDecider, { type, data, metadata: meta(userId) } as VideoCommand);
      const media = { videoKey: `videos/${userId}/${videoId}/v1/video.mp4`, thumbnailKey: null, durationSeconds: 30, width: 1080, height: 1920, sizeBytes: 11 };
      await decide('RequestVideo', { videoId, userId, seriesId, topic: 'Fun Facts', customPrompt: null, language: 'English', voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', duration: 30 });
      await decide('RecordRenderStatus', { status: 'script', at: clock.now().toISOString(), attempt: 1, script: { title: 'Owls', description: 'Owls!', narrationScript: ['Owls.'], scenes: ['an owl'] } });
      await decide('RecordRenderStatus', { status: 'done', at: clock.now().toISOString(), attempt: 1, media });
      await blobs.put(media.videoKey, Buffer.from('the video'), 'video/mp4');
      // Given: its post, started by a process that has since exited, held for 15 minutes.
      const postId = postIdFor(videoId, 'youtube');
      const holder = `${hostname()}:${spawnSync(process.execPath, ['-e', '']).pid}:a1b2c3d4`;
      await handle(store, postStreamId(postId), postDecider, {
        type: 'RequestPost', data: { postId, userId, videoId, platform: 'youtube', seriesId, source: 'autopilot', content: { title: 'Owls', description: 'Owls!', tags: [], privacy: 'public', allowDuet: true, allowStitch: true, hashtags: [], caption: 'Owls' } }, metadata: meta(userId),
      });
      const { events } = await handle(store, postStreamId(postId), postDecider, { type: 'StartPostAttempt', data: { holdMs: 15 * 60_000, holder }, metadata: meta(userId) });
      const until = (events[0].data as { until: string }).until;
      await docs.collection<PostQueueDoc>(COLLECTIONS.postQueue).upsert(postId, { userId, videoId, platform: 'youtube', seriesId, source: 'autopilot', status: 'publishing', dueAt: until, attempts: 1, holder }, 1);

      expect(await autopilot.runPostQueue()).toBe(1);
      expect(await types(postStreamId(postId))).toEqual(['PostRequested', 'PostAttemptStarted', 'PostAttemptStarted', 'PostPublished']);
    });
  });

  describe("When a slot's video is rendered", () => {
    it('should request one post per platform of the series, once', async () => {
      const { seriesId } = await aCreatorWithASeries({ platforms: ['youtube', 'tiktok'], linked: ['youtube', 'tiktok'] });
      at('2026-11-02T17:01:00.000Z');
      const { videoId } = (await autopilot.runSeries(seriesId)) as { videoId: string };
      const media = { videoKey: `videos/x/${videoId}/video.mp4`, thumbnailKey: null, durationSeconds: 30, width: 1080, height: 1920, sizeBytes: 10 };
      const rendered = await store.append(videoStreamId(videoId), [{ id: `${videoId}:done`, type: 'VideoRendered', data: { videoId, at: clock.now().toISOString(), media }, metadata: {} }]);
      const [event] = await store.readAll({ after: rendered.position - 1, maxCount: 1 });
      await autopilot.onVideoRendered(event);
      await autopilot.onVideoRendered(event);
      for (const platform of ['youtube', 'tiktok'] as const) expect(await types(postStreamId(postIdFor(videoId, platform)))).toEqual(['PostRequested']);
    });
  });
});
