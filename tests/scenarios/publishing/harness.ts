import request from 'supertest';
import { randomUUID } from 'node:crypto';
import type { Platform } from '@app/domain';
import type { EventStore } from '@app/platform';

/** Helpers for the publishing API suites, against the real embedded product. */
export async function registerUser(url: string): Promise<{ token: string; userId: string }> {
  const email = `creator-${randomUUID().slice(0, 8)}@example.com`;
  const res = await request(url).post('/api/auth/register').send({ name: 'Creator', email, password: 'secret1!' }).expect(201);
  const me = await request(url).get('/api/auth/me').set('authorization', `Bearer ${res.body.token}`).expect(200);
  return { token: res.body.token as string, userId: me.body._id as string };
}

/** Goes through connect → sandbox consent page → callback, as a browser would. */
export async function linkSandbox(url: string, token: string, platform: Platform, name = `Sandbox ${platform}`): Promise<request.Response> {
  const connect = await request(url).get(`/api/auth/${platform}/connect`).set('authorization', `Bearer ${token}`).expect(200);
  const cookie = (connect.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  const state = new URL(connect.body.authUrl, url).searchParams.get('state')!;
  const consent = await request(url).post(`/sandbox/connect/${platform}`).type('form').send({ state, name }).expect(303);
  return request(url).get(consent.headers.location as string).set('cookie', cookie);
}

export async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A finished video of the user without running the renderer: the two events a render ends with, and a small MP4 blob. */
export async function aRenderedVideo(store: EventStore, blobs: { put(key: string, body: Buffer, type: string): Promise<unknown> }, userId: string, videoId = randomUUID()): Promise<string> {
  const at = new Date().toISOString();
  const videoKey = `videos/${videoId}/video.mp4`;
  const bytes = Buffer.alloc(300 * 1024, 7);
  await blobs.put(videoKey, bytes, 'video/mp4');
  const meta = { correlationId: videoId, causationId: videoId, userId, timestamp: at };
  await store.append(`video-${videoId}`, [
    { id: randomUUID(), type: 'VideoRequested', data: { videoId, userId, seriesId: null, topic: 'Fun Facts', customPrompt: null, language: 'English', voiceId: 'v', style: 'anime', aspectRatio: '9:16', duration: 60, requestedAt: at }, metadata: meta },
    { id: randomUUID(), type: 'VideoRendered', data: { videoId, at, media: { videoKey, thumbnailKey: null, durationSeconds: 30, width: 1080, height: 1920, sizeBytes: bytes.length }, script: { title: 'Ten facts about owls', description: 'Owls are amazing.', narrationScript: ['Owls.'] } }, metadata: meta },
  ], { expectedRevision: 'no_stream' });
  return videoId;
}
