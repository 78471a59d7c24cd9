import { rm } from 'node:fs/promises';
import { LocalDiskBlobStore } from '@app/platform';
import { createRenderPipeline } from '@app/render-workers';
import { DEFAULT_MEDIA_TOOLS, audioCodecArgs, createFfmpegAssembler, ensureNativeHelper, offlineProviders, quietLogger, run, tempDir, videoCodecArgs, type AssembleRequest } from '@app/render-workers/testing';

/**
 * Render benchmarks (2 cores):
 *  (a) render seconds of a 60 s 9:16 video (assembly) divided by an encode-only floor measured in
 *      the same run: one ffmpeg process encoding one still image (decoded and scaled once) plus the
 *      narration as the audio track, to the same size and length with exactly the render's codec
 *      settings (`videoCodecArgs`/`audioCodecArgs`: preset, CRF, yuv420p, High profile, GOP,
 *      B-frames, AAC bitrate; x264's own thread count), faststart. Floor and assembly alternate
 *      BENCH_ROUNDS times (default 2) and the fastest of each is kept. Target <= 1.3.
 *  (b) topic-to-done seconds with the offline providers (script → narration → images → music →
 *      assembly → upload). Target <= 40 s.
 */
export async function benchRender(): Promise<Array<{ name: string; value: number; unit: string; target?: string }>> {
  ensureNativeHelper();
  const preset = process.env.RENDER_PRESET ?? 'veryfast';
  const root = tempDir('bench-render');
  const blobs = new LocalDiskBlobStore(`${root}/blobs`);
  const providers = offlineProviders({ preset });
  let assembleSeconds = 0;
  let videoSeconds = 0;
  let captured: AssembleRequest | null = null;
  const env = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const segments = env('RENDER_SEGMENTS');
  const bframes = env('RENDER_BFRAMES') ?? 0;
  const crf = 23;
  const assembler = createFfmpegAssembler({ preset, crf, segments, bframes, threads: env('RENDER_THREADS') });
  const pipeline = createRenderPipeline({
    ...providers,
    assembler: {
      name: 'timed',
      async assemble(request, signal) {
        captured = request;
        const t0 = performance.now();
        const result = await assembler.assemble(request, signal);
        assembleSeconds = (performance.now() - t0) / 1000;
        videoSeconds = result.durationSeconds;
        return result;
      },
    },
    blobs,
    workDir: `${root}/work`,
    logger: quietLogger(),
    keepWorkDir: true,
  });
  const t0 = performance.now();
  await pipeline.run({
    videoId: `bench-${Date.now()}`, userId: 'bench', topic: 'Fun Facts', customPrompt: null, language: 'English',
    voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', duration: 60, requestedAt: new Date().toISOString(),
  }, { onStatus: () => undefined });
  const topicToDone = (performance.now() - t0) / 1000;

  // The machine is shared and noisy: alternate floor and assembly runs and keep the fastest of each
  // (the same statistic on both sides); the assembly inside the pipeline run counts as the first.
  const request = captured as AssembleRequest | null;
  if (!request) throw new Error('the pipeline never reached the assembly');
  const rounds = Math.max(1, env('BENCH_ROUNDS') ?? 2);
  const renders = [assembleSeconds];
  const floors: number[] = [];
  for (let i = 0; i < rounds; i++) {
    floors.push(await encodeFloor(request, videoSeconds, `${root}/floor.mp4`, { preset, crf, bframes }));
    if (renders.length < rounds) {
      const a0 = performance.now();
      await assembler.assemble({ ...request, outDir: `${root}/again-${i}` });
      renders.push((performance.now() - a0) / 1000);
    }
  }
  await rm(root, { recursive: true, force: true });
  const render = Math.min(...renders);
  const floor = Math.min(...floors);
  const list = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  return [
    { name: `render 60 s 9:16 (${preset}, bframes ${bframes}) assembly, best of ${list(renders)}`, value: round(render), unit: 's' },
    { name: `encode-only floor (${preset}, bframes ${bframes}), best of ${list(floors)}`, value: round(floor), unit: 's' },
    { name: 'render / encode-only floor', value: round(render / floor), unit: 'ratio', target: '<= 1.3' },
    { name: 'topic to done, offline providers, 60 s 9:16', value: round(topicToDone), unit: 's', target: '<= 40' },
  ];
}

/**
 * Encode-only floor: one ffmpeg process encoding the first still (decoded and scaled once) with the
 * narration as its audio track, to the render's size and length with the render's codec settings.
 */
async function encodeFloor(request: AssembleRequest, seconds: number, out: string, codec: { preset: string; crf: number; bframes: number }): Promise<number> {
  const frames = Math.round(seconds * 30);
  const t0 = performance.now();
  await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-y', '-i', request.images[0], '-i', request.narrationPath,
    '-filter_complex', `[0:v]scale=${request.width}:${request.height},setsar=1,format=yuv420p,loop=loop=${frames - 1}:size=1:start=0,settb=1/30,setpts=N[v];[1:a]apad[a]`,
    '-map', '[v]', '-map', '[a]', ...videoCodecArgs(codec), ...audioCodecArgs(), '-t', (frames / 30).toFixed(3), '-movflags', '+faststart', out]);
  return (performance.now() - t0) / 1000;
}

const round = (n: number) => Math.round(n * 100) / 100;
