import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { socialLinkDecider, socialLinkStreamId, videoDecider, videoStreamId, type VideoCommand } from '@app/domain';
import {
  AdjustableClock, LocalDiskBlobStore, SandboxPublisher, SessionTokens, SqliteDocumentStore, TokenVault, commandMetadata, createLogger, errorMiddleware, handle,
  openSqliteEventStore, routerFor, type EventStore,
} from '@app/platform';
import { PostExecutor } from '../publishing/post-executor';
import { uploadHandlers } from './uploads';

const T0 = new Date('2026-11-02T17:00:00.000Z');
const script = { title: 'Ten facts about owls', description: 'Owls!', narrationScript: ['Owls turn their heads.', 'They fly silently.'], scenes: ['an owl', 'a night sky'] };
const media = (videoId: string, version: number) => ({ videoKey: `videos/u1/${videoId}/v${version}/video.mp4`, thumbnailKey: null, durationSeconds: 30, width: 1080, height: 1920, sizeBytes: 11 });

describe('POST /api/video/youtube/upload', () => {
  let store: EventStore;
  let docs: SqliteDocumentStore;
  let blobs: LocalDiskBlobStore;
  let dir: string;
  let app: express.Express;
  const tokens = new SessionTokens('test-secret-that-is-at-least-32-characters-long', 3600);
  const token = tokens.issue('u1');

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'uploads-'));
    store = openSqliteEventStore({ file: ':memory:' });
    docs = new SqliteDocumentStore(':memory:');
    blobs = new LocalDiskBlobStore(join(dir, 'media'));
    const clock = new AdjustableClock({ now: () => T0 });
    const logger = createLogger('test', { level: 'silent' });
    const vault = new TokenVault(docs, 'k'.repeat(48));
    const publishers = { youtube: new SandboxPublisher('youtube', { docs, blobs }), tiktok: new SandboxPublisher('tiktok', { docs, blobs }), instagram: new SandboxPublisher('instagram', { docs, blobs }) };
    const executor = new PostExecutor({ eventStore: store, blobs, publishers, vault, clock, logger, mediaUrl: (id) => `http://studio.test/api/video/stream/${id}` });
    app = express();
    app.use(routerFor(uploadHandlers({ eventStore: store, publishers, vault, executor, clock, logger, publicUrl: 'http://studio.test', stateSecret: 's'.repeat(32) }), { tokens }));
    app.use(errorMiddleware(logger));
    const sealed = await vault.seal({ accessToken: 'sandbox-access-1', refreshToken: 'sandbox-refresh-1', expiresAt: '2026-12-30T00:00:00.000Z' });
    await handle(store, socialLinkStreamId('u1', 'youtube'), socialLinkDecider, {
      type: 'LinkAccount', data: { userId: 'u1', platform: 'youtube', account: { accountId: 'sandbox-youtube-1', name: 'Ada', username: 'ada', profileUrl: null, channelUrl: null }, encryptedTokens: sealed, expiresAt: null },
      metadata: commandMetadata({ userId: 'u1', now: T0 }),
    });
  });
  afterEach(async () => {
    await store.close();
    await docs.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const decide = (videoId: string, type: VideoCommand['type'], data: object) =>
    handle(store, videoStreamId(videoId), videoDecider, { type, data, metadata: commandMetadata({ userId: 'u1', now: T0 }) } as VideoCommand);

  /** A video whose first version rendered (its MP4 stored), being rendered again as version 2. */
  async function aVideoBeingRerendered(videoId: string) {
    await decide(videoId, 'RequestVideo', { videoId, userId: 'u1', seriesId: null, topic: 'Fun Facts', customPrompt: null, language: 'English', voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', duration: 30 });
    await decide(videoId, 'RecordRenderStatus', { status: 'script', at: T0.toISOString(), attempt: 1, script });
    await decide(videoId, 'RecordRenderStatus', { status: 'done', at: T0.toISOString(), attempt: 1, media: media(videoId, 1) });
    await blobs.put(media(videoId, 1).videoKey, Buffer.from('version one'), 'video/mp4');
    await decide(videoId, 'ChangeVoice', { userId: 'u1', voiceId: 'JBFqnCBsd6RMkjVDRZzb' });
    await decide(videoId, 'RequestRerender', { userId: 'u1' });
    await decide(videoId, 'RecordRenderStatus', { status: 'images', at: T0.toISOString(), attempt: 1, version: 2 });
  }

  const upload = (videoId: string) => request(app).post('/api/video/youtube/upload').set('authorization', `Bearer ${token}`).send({ videoId, title: 'Owls', description: 'Facts' });

  describe('When a re-render of the video is running', () => {
    it('should post the version on show', async () => {
      await aVideoBeingRerendered('v1');
      const res = await upload('v1').expect(200);
      expect(res.body).toEqual({ youtubeUrl: expect.any(String) });
    });
  });

  describe('When a re-render of the video failed', () => {
    it('should post the version on show', async () => {
      await aVideoBeingRerendered('v2');
      await decide('v2', 'RecordRenderStatus', { status: 'failed', at: T0.toISOString(), attempt: 1, reason: 'ffmpeg exited with 1', version: 2 });
      await upload('v2').expect(200);
    });
  });

  describe('When the video has not rendered yet', () => {
    it("should answer 400 'Video data is not available' and post nothing", async () => {
      await decide('v3', 'RequestVideo', { videoId: 'v3', userId: 'u1', seriesId: null, topic: 'Fun Facts', customPrompt: null, language: 'English', voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', duration: 30 });
      const res = await upload('v3').expect(400);
      expect(res.body).toEqual({ error: 'Video data is not available' });
    });
  });
});
