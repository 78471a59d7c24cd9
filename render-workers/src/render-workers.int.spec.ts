import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalDiskBlobStore, openMessageBus, type MessageBus } from '@app/platform';
import { readRenderWorkersConfig } from './config';
import { createRenderWorkers } from './render-workers';
import { startOpenAiStandIn, type OpenAiStandIn } from './testing/openai-stand-in';
import { ensureNativeHelper, probe, quietLogger, tempDir } from './testing/media';

/**
 * The configured media programs reach every adapter the composition builds: each is a wrapper that
 * writes its name to a log before running the real program.
 */
describe('When the render workers are configured with their own ffmpeg and ffprobe (FFMPEG_PATH, FFPROBE_PATH)', () => {
  const dir = tempDir('media-tools');
  const calls = join(dir, 'calls.log');
  const wrapper = (name: string, program: string) => {
    const path = join(dir, name);
    writeFileSync(path, `#!/bin/sh\necho ${name} >> '${calls}'\nexec ${program} "$@"\n`, { mode: 0o755 });
    return path;
  };
  // espeak-ng narrates here: the neural voice has its own contract tests (kokoro.int.spec.ts).
  const env = { FFMPEG_PATH: wrapper('my-ffmpeg', 'ffmpeg'), FFPROBE_PATH: wrapper('my-ffprobe', 'ffprobe'), VOICE_PROVIDER: 'espeak' };
  const called = () => (existsSync(calls) ? readFileSync(calls, 'utf8').split('\n').filter(Boolean) : []);
  let bus: MessageBus;
  let standIn: OpenAiStandIn;

  const workers = (more: Record<string, string> = {}) => {
    const config = readRenderWorkersConfig({ ...env, ...more }).render;
    return createRenderWorkers({ ...config, workDir: tempDir('media-tools-work') }, { bus, blobs: new LocalDiskBlobStore(join(dir, 'blobs')), logger: quietLogger() });
  };

  beforeAll(async () => {
    ensureNativeHelper();
    bus = await openMessageBus('memory:');
    standIn = await startOpenAiStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    await bus.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => rmSync(calls, { force: true }));

  it('should make the voice and art style previews with them', async () => {
    const { voicePreviews, stylePreviews } = workers();

    expect(await voicePreviews.previewPath('nPczCjzI2devNBz1zQrb')).toMatch(/\.mp3$/);
    expect(called()).toContain('my-ffmpeg');
    rmSync(calls, { force: true });

    expect(await stylePreviews.previewPath('neon')).toMatch(/\.jpg$/);
    expect(called()).toContain('my-ffmpeg');
  });

  it('should illustrate and assemble a video with them', async () => {
    const { providers } = workers();
    const outDir = tempDir('media-tools-render');
    const narration = await providers.narrator.narrate({ lines: ['A fox on a hill.', 'A lighthouse by the sea.'], voiceId: 'nPczCjzI2devNBz1zQrb', language: 'English', outDir });
    rmSync(calls, { force: true });
    const images = await providers.illustrator.illustrate({ scenes: ['a fox on a hill', 'a lighthouse by the sea'], style: 'pixel', width: 180, height: 320, seed: 'tools', outDir });
    expect(called()).toContain('my-ffmpeg');
    rmSync(calls, { force: true });

    const video = await providers.assembler.assemble({
      images, narrationPath: narration.audioPath, narrationSeconds: narration.durationSeconds, words: narration.words, musicPath: null,
      aspectRatio: '9:16', width: 180, height: 320, minSeconds: 3, maxSeconds: 10, outDir, seed: 'tools',
    });

    expect((await probe(video.videoPath)).video.fps).toBe(30);
    expect(called()).toContain('my-ffmpeg');
  }, 60_000);

  it('should decode and measure a cloud narrator\'s audio with them', async () => {
    const { providers } = workers({ VOICE_PROVIDER: 'openai', OPENAI_BASE_URL: standIn.baseURL, OPENAI_API_KEY: standIn.apiKey });

    const narration = await providers.narrator.narrate({ lines: ['Honey never spoils.'], voiceId: 'nPczCjzI2devNBz1zQrb', language: 'English', outDir: tempDir('media-tools-voice') });

    expect(narration.durationSeconds).toBeGreaterThan(0);
    expect(called()).toEqual(expect.arrayContaining(['my-ffmpeg', 'my-ffprobe']));
  });
});
