import { mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConflictError, postDecider, postStreamId, socialLinkDecider, socialLinkStreamId, videoDecider, videoStreamId, type VideoCommand } from '@app/domain';
import {
  AdjustableClock, LocalDiskBlobStore, SANDBOX_COLLECTION, SandboxPublisher, SqliteDocumentStore, TokenVault, commandMetadata, createLogger, defaultContent, handle, openSqliteEventStore,
  postIdFor, type EventStore,
} from '@app/platform';
import { PostExecutor } from './post-executor';

const T0 = new Date('2026-11-02T17:00:00.000Z');
const KEY = 'k'.repeat(48);
const script = { title: 'Ten facts about owls', description: 'Owls!', narrationScript: ['Owls turn their heads.', 'They fly silently.'], scenes: ['an owl', 'a night sky'] };
const mediaOf = (userId: string, videoId: string, version: number) => ({
  videoKey: `videos/${userId}/${videoId}/v${version}/video.mp4`, thumbnailKey: null, durationSeconds: 30, width: 1080, height: 1920, sizeBytes: 11,
});

describe('Posting a video (the post executor)', () => {
  let store: EventStore;
  let docs: SqliteDocumentStore;
  let blobs: LocalDiskBlobStore;
  let dir: string;
  let executor: PostExecutor;
  const clock = new AdjustableClock({ now: () => T0 });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'post-executor-'));
    store = openSqliteEventStore({ file: ':memory:' });
    docs = new SqliteDocumentStore(':memory:');
    blobs = new LocalDiskBlobStore(join(dir, 'media'));
    const vault = new TokenVault(docs, KEY);
    const publishers = { youtube: new SandboxPublisher('youtube', { docs, blobs }), tiktok: new SandboxPublisher('tiktok', { docs, blobs }), instagram: new SandboxPublisher('instagram', { docs, blobs }) };
    executor = new PostExecutor({ eventStore: store, blobs, publishers, vault, clock, logger: createLogger('test', { level: 'silent' }), mediaUrl: (id) => `http://studio.test/api/video/stream/${id}` });
    return (async () => {
      const sealed = await vault.seal({ accessToken: 'sandbox-access-1', refreshToken: 'sandbox-refresh-1', expiresAt: '2026-12-30T00:00:00.000Z' });
      await handle(store, socialLinkStreamId('u1', 'youtube'), socialLinkDecider, {
        type: 'LinkAccount', data: { userId: 'u1', platform: 'youtube', account: { accountId: 'sandbox-youtube-1', name: 'Ada', username: 'ada', profileUrl: null, channelUrl: null }, encryptedTokens: sealed, expiresAt: null },
        metadata: commandMetadata({ userId: 'u1', now: T0 }),
      });
    })();
  });
  afterEach(async () => {
    await store.close();
    await docs.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const decide = (videoId: string, type: VideoCommand['type'], data: object) =>
    handle(store, videoStreamId(videoId), videoDecider, { type, data, metadata: commandMetadata({ userId: 'u1', now: T0 }) } as VideoCommand);

  /** Given: a video whose first version rendered (its MP4 in the store), and a re-render of it requested. */
  async function aVideoBeingRerendered(videoId: string) {
    await decide(videoId, 'RequestVideo', { videoId, userId: 'u1', seriesId: 's1', topic: 'Fun Facts', customPrompt: null, language: 'English', voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', duration: 30 });
    await decide(videoId, 'RecordRenderStatus', { status: 'script', at: T0.toISOString(), attempt: 1, script });
    await decide(videoId, 'RecordRenderStatus', { status: 'done', at: T0.toISOString(), attempt: 1, media: mediaOf('u1', videoId, 1) });
    await blobs.put(mediaOf('u1', videoId, 1).videoKey, Buffer.from('version one'), 'video/mp4');
    await decide(videoId, 'ChangeVoice', { userId: 'u1', voiceId: 'JBFqnCBsd6RMkjVDRZzb' });
    await decide(videoId, 'RequestRerender', { userId: 'u1' });
    await decide(videoId, 'RecordRenderStatus', { status: 'audio', at: T0.toISOString(), attempt: 1, version: 2 });
  }

  /** The bytes the sandbox platform received. */
  async function postedBytes(): Promise<string[]> {
    const posted = await docs.collection<{ _id: string; videoKey: string }>(SANDBOX_COLLECTION).find({});
    return Promise.all(posted.map(async (p) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await blobs.read(p.videoKey)) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks).toString();
    }));
  }

  /** When: the autopilot's post of it falls due. */
  async function itsPostFallsDue(videoId: string) {
    const postId = postIdFor(videoId, 'youtube');
    await handle(store, postStreamId(postId), postDecider, {
      type: 'RequestPost', data: { postId, userId: 'u1', videoId, platform: 'youtube', seriesId: 's1', source: 'autopilot', content: defaultContent(script.title, script.description) },
      metadata: commandMetadata({ userId: 'u1', now: T0 }),
    });
    return executor.attempt(postId);
  }

  describe('When a re-render of the video is running', () => {
    it('should post the version on show', async () => {
      await aVideoBeingRerendered('v1');
      const post = await itsPostFallsDue('v1');
      expect(post).toMatchObject({ status: 'published' });
      expect(await postedBytes()).toEqual(['version one']);
    });
  });

  describe('When a re-render of the video failed', () => {
    it('should post the version on show', async () => {
      await aVideoBeingRerendered('v2');
      await decide('v2', 'RecordRenderStatus', { status: 'failed', at: T0.toISOString(), attempt: 1, reason: 'ffmpeg exited with 1', version: 2 });
      const post = await itsPostFallsDue('v2');
      expect(post).toMatchObject({ status: 'published' });
      expect(await postedBytes()).toEqual(['version one']);
    });
  });

  describe("When a post's attempt is held by a process", () => {
    /** Given: a rendered video whose post an upload in another process (`pid`) started and holds. */
    async function aPostHeldBy(videoId: string, pid: number) {
      await decide(videoId, 'RequestVideo', { videoId, userId: 'u1', seriesId: 's1', topic: 'Fun Facts', customPrompt: null, language: 'English', voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', duration: 30 });
      await decide(videoId, 'RecordRenderStatus', { status: 'script', at: T0.toISOString(), attempt: 1, script });
      await decide(videoId, 'RecordRenderStatus', { status: 'done', at: T0.toISOString(), attempt: 1, media: mediaOf('u1', videoId, 1) });
      await blobs.put(mediaOf('u1', videoId, 1).videoKey, Buffer.from('version one'), 'video/mp4');
      const postId = postIdFor(videoId, 'youtube');
      const metadata = commandMetadata({ userId: 'u1', now: T0 });
      await handle(store, postStreamId(postId), postDecider, {
        type: 'RequestPost', data: { postId, userId: 'u1', videoId, platform: 'youtube', seriesId: 's1', source: 'manual', content: defaultContent(script.title, script.description) }, metadata,
      });
      await handle(store, postStreamId(postId), postDecider, { type: 'StartPostAttempt', data: { holdMs: 15 * 60_000, holder: `${hostname()}:${pid}:a1b2c3d4` }, metadata });
      return postId;
    }

    it('should take the post over and post it once that process has exited (killed mid-upload)', async () => {
      const exited = spawnSync(process.execPath, ['-e', '']).pid;
      const postId = await aPostHeldBy('v4', exited);
      const post = await executor.attempt(postId, { final: true });
      expect(post).toMatchObject({ status: 'published', attempts: 2 });
      expect(await postedBytes()).toEqual(['version one']);
    });

    it("should answer 'This video is already being posted' while that process lives", async () => {
      const postId = await aPostHeldBy('v5', process.ppid);
      await expect(executor.attempt(postId, { final: true })).rejects.toThrow(new ConflictError('This video is already being posted'));
      expect(await postedBytes()).toEqual([]);
    });
  });

  describe('When the video never rendered', () => {
    it("should fail the post: 'Video data is not available'", async () => {
      await decide('v3', 'RequestVideo', { videoId: 'v3', userId: 'u1', seriesId: 's1', topic: 'Fun Facts', customPrompt: null, language: 'English', voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', duration: 30 });
      await decide('v3', 'RecordRenderStatus', { status: 'failed', at: T0.toISOString(), attempt: 1, reason: 'No' });
      const post = await itsPostFallsDue('v3');
      expect(post).toMatchObject({ status: 'failed', lastError: 'Video data is not available' });
    });
  });
});
