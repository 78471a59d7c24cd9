import { rm } from 'node:fs/promises';
import { LocalDiskBlobStore } from '@app/platform';
import type { RenderRequest, Script } from '@app/domain';
import { createRenderPipeline } from '@app/render-workers';
import { DEFAULT_MEDIA_TOOLS, audioCodecArgs, createFfmpegAssembler, ensureNativeHelper, offlineProviders, quietLogger, run, tempDir, videoCodecArgs, type AssembleRequest, type Assembler, type MixRequest, type PictureRequest } from '@app/render-workers/testing';

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
 *  (c) re-renders of the same video from the studio, each divided by (b): a new caption style
 *      (the picture is encoded again, with the quick encode of a re-render; target <= 0.5; its
 *      file's size against the first render's beside it) and a new music level (mix and mux only;
 *      target <= 0.1).
 */
export async function benchRender(): Promise<Array<{ name: string; value: number; unit: string; target?: string }>> {
  ensureNativeHelper();
  const preset = process.env.RENDER_PRESET ?? 'veryfast';
  const root = tempDir('bench-render');
  const blobs = new LocalDiskBlobStore(`${root}/blobs`);
  const providers = offlineProviders({ preset });
  let assembleSeconds = 0;
  let videoSeconds = 0;
  let assemblyStarted: number | null = null;
  let picture: PictureRequest | null = null;
  let mix: MixRequest | null = null;
  const env = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const segments = env('RENDER_SEGMENTS');
  const bframes = env('RENDER_BFRAMES') ?? 0;
  const crf = 23;
  const assembler = createFfmpegAssembler({ preset, crf, segments, bframes, threads: env('RENDER_THREADS') });
  // The assembly inside the pipeline: from the picture's and the mix's start to the end of the mux.
  const timed: Assembler = {
    ...assembler,
    name: 'timed',
    async picture(request, signal) {
      picture ??= request;
      assemblyStarted ??= performance.now();
      return assembler.picture(request, signal);
    },
    async mix(request, signal) {
      mix ??= request;
      assemblyStarted ??= performance.now();
      return assembler.mix(request, signal);
    },
    async mux(request, signal) {
      const path = await assembler.mux(request, signal);
      // The first render's assembly only (the re-renders below mux again).
      if (assembleSeconds === 0) {
        assembleSeconds = (performance.now() - (assemblyStarted ?? performance.now())) / 1000;
        videoSeconds = request.durationSeconds;
      }
      return path;
    },
  };
  // The images stage of the first render: every scene's picture drawn by the offline illustrator.
  let imagesSeconds = 0;
  const illustrator: typeof providers.illustrator = {
    ...providers.illustrator,
    async illustrate(request, signal) {
      const i0 = performance.now();
      const paths = await providers.illustrator.illustrate(request, signal);
      imagesSeconds += (performance.now() - i0) / 1000;
      return paths;
    },
  };
  const pipeline = createRenderPipeline({ ...providers, illustrator, assembler: timed, blobs, workDir: `${root}/work`, logger: quietLogger() });
  const first: RenderRequest = {
    videoId: `bench-${Date.now()}`, userId: 'bench', topic: 'Fun Facts', customPrompt: null, language: 'English',
    voiceId: 'nPczCjzI2devNBz1zQrb', style: 'anime', aspectRatio: '9:16', duration: 60, requestedAt: new Date().toISOString(),
  };
  let script: Script | undefined;
  const t0 = performance.now();
  const firstMedia = await pipeline.run(first, { onStatus: (progress) => void (script = progress.script ?? script) });
  const topicToDone = (performance.now() - t0) / 1000;

  // Re-renders from the studio: a new caption style (picture + mux again), then a new music level (mix + mux only).
  const rerender = async (change: Partial<RenderRequest>) => {
    const r0 = performance.now();
    const media = await pipeline.run({ ...first, script, ...change }, { onStatus: () => undefined });
    return { seconds: (performance.now() - r0) / 1000, bytes: media.sizeBytes };
  };
  const { seconds: captionRerender, bytes: captionBytes } = await rerender({ version: 2, captions: { preset: 'boxed', position: 'middle', size: 'large', highlight: '#00FFAA' } });
  const { seconds: musicRerender } = await rerender({ version: 3, captions: { preset: 'boxed', position: 'middle', size: 'large', highlight: '#00FFAA' }, music: { mood: 'auto', volume: 10, ducking: true } });

  // The machine is shared and noisy: alternate floor and assembly runs and keep the fastest of each
  // (the same statistic on both sides); the assembly inside the pipeline run counts as the first.
  if (!picture || !mix) throw new Error('the pipeline never reached the assembly');
  const { narrationPath, musicPath, musicVolume, ducking } = mix as MixRequest;
  const request: AssembleRequest = { ...(picture as PictureRequest), narrationPath, musicPath, musicVolume, ducking };
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
    { name: 'topic to done / encode-only floor', value: round(topicToDone / floor), unit: 'ratio' },
    { name: 'images stage, offline illustrator, first render', value: round(imagesSeconds), unit: 's' },
    { name: 're-render after a caption style change / full render', value: round(captionRerender / topicToDone), unit: 'ratio', target: '<= 0.5' },
    // A re-render's picture is encoded quickly (QUICK_ENCODE): the same look, in a larger file.
    { name: 're-render after a caption style change: file size / full render\'s', value: round(captionBytes / firstMedia.sizeBytes), unit: 'ratio' },
    { name: 're-render after a music change / full render', value: round(musicRerender / topicToDone), unit: 'ratio', target: '<= 0.1' },
  ];
}

/**
 * Encode-only floor: one ffmpeg process encoding the first still (decoded and scaled once) with the
 * narration as its audio track (one channel, as the render's mix), to the render's size and length
 * with the render's codec settings.
 */
async function encodeFloor(request: AssembleRequest, seconds: number, out: string, codec: { preset: string; crf: number; bframes: number }): Promise<number> {
  const frames = Math.round(seconds * 30);
  const t0 = performance.now();
  await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', '-y', '-i', request.images[0], '-i', request.narrationPath,
    '-filter_complex', `[0:v]scale=${request.width}:${request.height},setsar=1,format=yuv420p,loop=loop=${frames - 1}:size=1:start=0,settb=1/30,setpts=N[v];[1:a]apad[a]`,
    '-map', '[v]', '-map', '[a]', ...videoCodecArgs(codec), ...audioCodecArgs(undefined, 1), '-t', (frames / 30).toFixed(3), '-movflags', '+faststart', out]);
  return (performance.now() - t0) / 1000;
}

const round = (n: number) => Math.round(n * 100) / 100;
