import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { frameSize, type AspectRatio } from '@app/domain';
import { LocalDiskBlobStore } from '@app/platform';
import { aRenderRequest } from '../testing/builders';
import { ensureNativeHelper, frameRgb, integratedLoudness, meanAbsDiff, offlineProviders, probe, quietLogger, tempDir } from '../testing/media';
import { createFfmpegAssembler } from '../stages/assemble/ffmpeg';
import { createEspeakNarrator } from '../stages/narration/espeak';
import { createProceduralIllustrator } from '../stages/images/procedural';
import { createRenderPipeline, type PipelineStage, type StageProgress } from './render-pipeline';

beforeAll(() => ensureNativeHelper());

function setup(options: { frame?: (a: AspectRatio) => { width: number; height: number }; failAssembleOnce?: boolean } = {}) {
  const root = tempDir('pipeline');
  const blobs = new LocalDiskBlobStore(`${root}/blobs`);
  const providers = offlineProviders();
  const runs: PipelineStage[] = [];
  let failed = false;
  const assembler = options.failAssembleOnce
    ? { ...providers.assembler, name: 'flaky', picture: async (...args: Parameters<typeof providers.assembler.picture>) => {
      if (!failed) {
        failed = true;
        throw new Error('encoder crashed');
      }
      return providers.assembler.picture(...args);
    } }
    : providers.assembler;
  const pipeline = createRenderPipeline({ ...providers, assembler, blobs, workDir: `${root}/work`, logger: quietLogger(), frame: options.frame, onStageRun: (stage) => runs.push(stage) });
  return { pipeline, blobs, runs, root };
}

const half = (a: AspectRatio) => {
  const { width, height } = frameSize(a);
  return { width: width / 2, height: height / 2 };
};

describe('When a short vertical video is rendered', () => {
  const { pipeline, blobs } = setup({ frame: half });
  const statuses: StageProgress[] = [];
  const request = aRenderRequest({ duration: 30, language: 'Spanish', style: 'watercolor', topic: 'Travel Destinations' });
  let media: Awaited<ReturnType<typeof pipeline.run>>;

  beforeAll(async () => {
    media = await pipeline.run(request, { onStatus: (s) => void statuses.push(s) });
  }, 180_000);

  it('should report every status in order, with the script and then the media', () => {
    expect(statuses.map((s) => s.status)).toEqual(['start', 'script', 'audio', 'images', 'video', 'uploading', 'done']);
    expect(statuses[1].script?.narrationScript.length).toBeGreaterThan(1);
    expect(statuses[6].media).toEqual(media);
  });

  it('should store an H.264 + AAC MP4 at 30 fps, inside the requested duration range', async () => {
    expect(media.videoKey).toBe(`videos/user-1/${request.videoId}/video.mp4`);
    const path = blobs.localPath(media.videoKey)!;
    const info = await probe(path);
    expect(info.video).toMatchObject({ codec: 'h264', width: 540, height: 960, pixFmt: 'yuv420p' });
    expect(info.video.fps).toBe(30);
    expect(info.video.duration).toBeCloseTo(info.video.frames / 30, 5);
    expect(info.audio?.codec).toBe('aac');
    expect(info.duration).toBeGreaterThanOrEqual(15);
    expect(info.duration).toBeLessThanOrEqual(30.1);
    expect(media.sizeBytes).toBeGreaterThan(50_000);
    expect(existsSync(blobs.localPath(media.thumbnailKey!)!)).toBe(true);
  });

  it('should take the thumbnail from the video\'s frame at 30 % of it, 4 s at most', async () => {
    // Given the thumbnail and the video's frames at 4 s and, for contrast, at 2 s
    const video = blobs.localPath(media.videoKey)!;
    const thumbnail = await frameRgb(blobs.localPath(media.thumbnailKey!)!, 0);
    const [at4, at2] = await Promise.all([frameRgb(video, 4), frameRgb(video, 2)]);
    // Then the thumbnail is the frame at 4 s, to the loss of two encodes (measured 1.7–1.8 of 255; 8–12 against 2 s)
    expect(meanAbsDiff(thumbnail, at4)).toBeLessThan(3);
    expect(meanAbsDiff(thumbnail, at2)).toBeGreaterThan(meanAbsDiff(thumbnail, at4) * 2);
  });

  it('should be normalised to about -14 LUFS', async () => {
    const lufs = await integratedLoudness(blobs.localPath(media.videoKey)!);
    expect(lufs).toBeGreaterThan(-15.5);
    expect(lufs).toBeLessThan(-12.5);
  });
});

describe('When a stage fails and the render is retried', () => {
  it('should resume from the cached stages instead of starting over', async () => {
    const { pipeline, runs } = setup({ frame: () => ({ width: 270, height: 480 }), failAssembleOnce: true });
    const request = aRenderRequest({ duration: 30 });
    await expect(pipeline.run(request, { onStatus: () => undefined })).rejects.toThrow('encoder crashed');
    const media = await pipeline.run(request, { onStatus: () => undefined });
    expect(media.durationSeconds).toBeGreaterThanOrEqual(15);
    expect(runs.filter((s) => s === 'script')).toHaveLength(1);
    expect(runs.filter((s) => s === 'narration')).toHaveLength(1);
    expect(runs.filter((s) => s === 'images')).toHaveLength(1);
    expect(runs.filter((s) => s === 'music')).toHaveLength(1);
    expect(runs.filter((s) => s === 'picture')).toHaveLength(2);
    expect(runs.filter((s) => s === 'mux')).toHaveLength(1);
  }, 120_000);
});

describe('When the narration is being spoken', () => {
  const gated = () => {
    const root = tempDir('pipeline-overlap');
    const providers = offlineProviders();
    const events: string[] = [];
    let drawingStarted!: () => void;
    const started = new Promise<void>((resolve) => { drawingStarted = resolve; });
    const illustrator = { ...providers.illustrator, illustrate: async (...args: Parameters<typeof providers.illustrator.illustrate>) => {
      events.push('drawing');
      drawingStarted();
      const paths = await providers.illustrator.illustrate(...args);
      events.push('drawn');
      return paths;
    } };
    const runs: PipelineStage[] = [];
    const make = (narrate: typeof providers.narrator.narrate) => createRenderPipeline({
      ...providers, illustrator, narrator: { ...providers.narrator, narrate }, blobs: new LocalDiskBlobStore(`${root}/blobs`), workDir: `${root}/work`,
      logger: quietLogger(), frame: () => ({ width: 270, height: 480 }), onStageRun: (stage) => runs.push(stage),
    });
    // The narration goes on only once the pictures are being drawn (or gives up after 10 s).
    const waitForDrawing = () => Promise.race([started, new Promise((_, reject) => setTimeout(() => reject(new Error('no picture was being drawn')), 10_000))]);
    return { providers, events, runs, make, waitForDrawing };
  };

  it('should draw the pictures meanwhile, not after it', async () => {
    const { providers, events, make, waitForDrawing } = gated();
    const pipeline = make(async (...args) => {
      await waitForDrawing();
      events.push('narrating');
      return providers.narrator.narrate(...args);
    });
    const media = await pipeline.run(aRenderRequest({ duration: 30 }), { onStatus: (s) => void events.push(s.status) });
    expect(media.scenes?.length).toBeGreaterThan(1);
    expect(events.indexOf('drawing')).toBeLessThan(events.indexOf('narrating'));
    expect(events.filter((e) => ['audio', 'images'].includes(e))).toEqual(['audio', 'images']);
  }, 120_000);

  it('should, when the narration fails, end the attempt only once the pictures are drawn, and the retry reuses them', async () => {
    const { providers, events, runs, make, waitForDrawing } = gated();
    let fail = true;
    const pipeline = make(async (...args) => {
      await waitForDrawing();
      if (fail) throw new Error('voice crashed');
      return providers.narrator.narrate(...args);
    });
    const request = aRenderRequest({ duration: 30 });
    await expect(pipeline.run(request, { onStatus: () => undefined }).finally(() => events.push('failed'))).rejects.toThrow('voice crashed');
    expect(events.filter((e) => e !== 'drawing')).toEqual(['drawn', 'failed']);
    fail = false;
    await pipeline.run(request, { onStatus: () => undefined });
    expect(runs.filter((s) => s === 'images')).toHaveLength(1);
    expect(runs.filter((s) => s === 'narration')).toHaveLength(2);
  }, 120_000);
});

describe('When two workers sharing a work dir are handed the same render (at-least-once delivery)', () => {
  it('should run them one after the other, the second reusing every stage of the first, and both end with the video', async () => {
    const root = tempDir('pipeline-twice');
    const providers = offlineProviders();
    const runs: PipelineStage[] = [];
    const waits: string[] = [];
    const logger = Object.assign(Object.create(quietLogger()) as ReturnType<typeof quietLogger>, { warn: (_o: unknown, message?: string) => void waits.push(String(message)) });
    const worker = () => createRenderPipeline({
      ...providers, blobs: new LocalDiskBlobStore(`${root}/blobs`), workDir: `${root}/work`, logger, frame: () => ({ width: 270, height: 480 }), onStageRun: (stage) => runs.push(stage),
    });
    const request = aRenderRequest({ duration: 30 });
    const [first, second] = await Promise.all([worker().run(request, { onStatus: () => undefined }), worker().run(request, { onStatus: () => undefined })]);
    expect(second).toEqual(first);
    expect(await probe(`${root}/blobs/${first.videoKey}`)).toMatchObject({ video: { codec: 'h264' } });
    // Only the mux again (a copy of both streams): a done render hands its file to the store.
    for (const stage of ['script', 'narration', 'images', 'music', 'picture', 'mix', 'upload'] as const) expect(runs.filter((s) => s === stage)).toHaveLength(1);
    expect(waits).toContain('another render of this video is running here; waiting for it');
    expect(existsSync(`${root}/work/videos/${request.videoId}.lock`)).toBe(false);
  }, 180_000);
});

describe('When a worker that gave up on a video cleans its work dir while another still renders it', () => {
  it('should wait for that render to end before removing the folder, and the render ends with its video', async () => {
    const root = tempDir('pipeline-clean');
    const providers = offlineProviders();
    const worker = () => createRenderPipeline({ ...providers, blobs: new LocalDiskBlobStore(`${root}/blobs`), workDir: `${root}/work`, logger: quietLogger(), frame: () => ({ width: 270, height: 480 }) });
    const request = aRenderRequest({ duration: 30 });
    const ended: string[] = [];
    let started!: () => void;
    const rendering = new Promise<void>((resolve) => (started = resolve));
    const render = worker().run(request, { onStatus: (s) => void (s.status === 'script' && started()) }).then((media) => (ended.push('render'), media));
    await rendering;
    const cleaned = worker().clean(request.videoId).then(() => void ended.push('clean'));
    const [media] = await Promise.all([render, cleaned]);
    expect(ended).toEqual(['render', 'clean']);
    expect(await probe(`${root}/blobs/${media.videoKey}`)).toMatchObject({ video: { codec: 'h264' } });
    expect(existsSync(`${root}/work/videos/${request.videoId}`)).toBe(false);
    expect(existsSync(`${root}/work/videos/${request.videoId}.lock`)).toBe(false);
  }, 180_000);
});

describe('When a render resumes a video whose last render was killed (kill -9) while encoding', () => {
  it('should stop the programs the dead render left running in the video\'s folder first', async () => {
    const { pipeline, root } = setup({ frame: () => ({ width: 270, height: 480 }) });
    const request = aRenderRequest({ duration: 30 });
    const folder = `${root}/work/videos/${request.videoId}`;
    mkdirSync(`${folder}/picture`, { recursive: true });
    // What the dead render left: a program still writing into the folder, and the lock of a process that exited.
    const leftover = spawn(process.execPath, ['-e', 'setTimeout(() => undefined, 120000)', `${folder}/picture/segment-0.mp4`], { stdio: 'ignore' });
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(`${folder}.lock`, JSON.stringify({ holder: `${hostname()}:${gone.pid}:deadbeef`, expiresAt: Date.now() + 60_000 }));
    // An unrelated program is left alone.
    const unrelated = spawn(process.execPath, ['-e', 'setTimeout(() => undefined, 120000)', `${root}/work/videos/another-video/picture/segment-0.mp4`], { stdio: 'ignore' });
    try {
      const exited = new Promise((resolve) => leftover.once('exit', (_code, signal) => resolve(signal)));
      await pipeline.clean(request.videoId);
      expect(await exited).toBe('SIGKILL');
      expect(unrelated.exitCode).toBeNull();
      expect(unrelated.signalCode).toBeNull();
      expect(existsSync(folder)).toBe(false);
    } finally {
      leftover.kill('SIGKILL');
      unrelated.kill('SIGKILL');
    }
  }, 30_000);
});

describe('When captions are burned in', () => {
  it('should change the caption band of the frame compared with no captions', async () => {
    const dir = tempDir('captions');
    const narration = await createEspeakNarrator().narrate({ lines: ['Captions appear word by word on screen.'], voiceId: 'XrExE9yKIg1WjnnlVkGX', language: 'English', outDir: `${dir}/n` });
    const images = await createProceduralIllustrator().illustrate({ scenes: ['a calm lake'], style: 'ghibli', width: 360, height: 640, seed: 'c', outDir: `${dir}/i` });
    const base = { images, narrationPath: narration.audioPath, narrationSeconds: narration.durationSeconds, musicPath: null, aspectRatio: '9:16' as const, width: 360, height: 640, minSeconds: 3, maxSeconds: 10, seed: 'c' };
    const assembler = createFfmpegAssembler({ preset: 'ultrafast' });
    const withCaptions = await assembler.assemble({ ...base, words: narration.words, outDir: `${dir}/with` });
    const without = await assembler.assemble({ ...base, words: [], outDir: `${dir}/without` });
    const t = narration.words[1].start + 0.3 + 0.05;
    const band = { x: 0.05, y: 0.52, w: 0.9, h: 0.16 };
    const other = { x: 0, y: 0, w: 1, h: 0.25 };
    expect(meanAbsDiff(await frameRgb(withCaptions.videoPath, t, { width: 90, height: 48 }, band), await frameRgb(without.videoPath, t, { width: 90, height: 48 }, band))).toBeGreaterThan(6);
    expect(meanAbsDiff(await frameRgb(withCaptions.videoPath, t, { width: 90, height: 40 }, other), await frameRgb(without.videoPath, t, { width: 90, height: 40 }, other))).toBeLessThan(3);
  }, 60_000);
});

describe('When a video is encoded in parts whose lengths are not whole milliseconds', () => {
  it('should join them with no gap, every frame lasting exactly 1/30 s', async () => {
    const dir = tempDir('joins');
    const narration = await createEspeakNarrator().narrate({ lines: ['Two parts, one join.'], voiceId: 'XrExE9yKIg1WjnnlVkGX', language: 'English', outDir: `${dir}/n` });
    const images = await createProceduralIllustrator().illustrate({ scenes: ['a quiet harbour'], style: 'comic', width: 180, height: 320, seed: 'j', outDir: `${dir}/i` });
    // 182 frames split into two parts of 91: each part lasts 3.0333... s.
    const seconds = 182 / 30;
    const result = await createFfmpegAssembler({ preset: 'ultrafast', segments: 2 }).assemble({
      images, narrationPath: narration.audioPath, narrationSeconds: narration.durationSeconds, musicPath: null, words: narration.words,
      aspectRatio: '9:16', width: 180, height: 320, minSeconds: seconds, maxSeconds: seconds, seed: 'j', outDir: `${dir}/out`,
    });
    const info = await probe(result.videoPath);
    expect(info.video.frames).toBe(182);
    expect(info.video.fps).toBe(30);
    expect(info.video.duration).toBeCloseTo(seconds, 5);
  }, 60_000);
});

describe.each<[AspectRatio, number, number]>([['16:9', 1920, 1080], ['1:1', 1080, 1080]])('When a %s video is rendered', (aspectRatio, width, height) => {
  it(`should be ${width}x${height}`, async () => {
    const { pipeline, blobs } = setup();
    const media = await pipeline.run(aRenderRequest({ aspectRatio, duration: 30, topic: 'Long Form Jokes', language: 'French', style: 'pixel' }), { onStatus: () => undefined });
    const info = await probe(blobs.localPath(media.videoKey)!);
    expect([info.video.width, info.video.height]).toEqual([width, height]);
    expect(info.duration).toBeGreaterThanOrEqual(15);
    expect(info.duration).toBeLessThanOrEqual(30.1);
  }, 180_000);
});

describe('When a full-length vertical video is rendered', () => {
  it('should be a 1080x1920 H.264/AAC MP4 of 45 to 60 seconds at about -14 LUFS', async () => {
    const { pipeline, blobs } = setup();
    const media = await pipeline.run(aRenderRequest({ duration: 60, topic: 'Scary Stories', style: 'scaryred', voiceId: 'JBFqnCBsd6RMkjVDRZzb' }), { onStatus: () => undefined });
    const path = blobs.localPath(media.videoKey)!;
    const info = await probe(path);
    expect(info.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
    expect(info.video.fps).toBe(30);
    expect(info.audio?.codec).toBe('aac');
    expect(info.duration).toBeGreaterThanOrEqual(45);
    expect(info.duration).toBeLessThanOrEqual(60.1);
    const lufs = await integratedLoudness(path);
    expect(Math.abs(lufs + 14)).toBeLessThan(1.5);
  }, 300_000);
});
