import { rm } from 'node:fs/promises';
import { LocalDiskBlobStore } from '@app/platform/src/blob-store/local-disk';
import { createRenderPipeline } from '../../render-workers/src/pipeline/render-pipeline';
import { FFMPEG, run } from '../../render-workers/src/shared/exec';
import { createFfmpegAssembler } from '../../render-workers/src/stages/assemble/ffmpeg';
import { ensureNativeHelper, offlineProviders, quietLogger, tempDir } from '../../render-workers/src/testing/media';

/**
 * Render benchmarks (2 cores):
 *  (a) render seconds of a 60 s 9:16 video (assembly) divided by an encode-only floor measured in
 *      the same run: ffmpeg encoding one still image at the same size, length and codec settings.
 *      Target <= 1.3.
 *  (b) topic-to-done seconds with the offline providers (script → narration → images → music →
 *      assembly → upload). Target <= 40 s.
 */
export async function benchRender(): Promise<Array<{ name: string; value: number; unit: string }>> {
  ensureNativeHelper();
  const preset = process.env.RENDER_PRESET ?? 'veryfast';
  const root = tempDir('bench-render');
  const blobs = new LocalDiskBlobStore(`${root}/blobs`);
  const providers = offlineProviders({ preset });
  let assembleSeconds = 0;
  let videoSeconds = 0;
  let firstImage = '';
  const assembler = createFfmpegAssembler({ preset, segments: process.env.RENDER_SEGMENTS ? Number(process.env.RENDER_SEGMENTS) : undefined });
  const pipeline = createRenderPipeline({
    ...providers,
    assembler: {
      name: 'timed',
      async assemble(request, signal) {
        firstImage = request.images[0];
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

  // Encode-only floor: the same still, decoded and scaled once, same size, length and x264 settings.
  const frames = Math.round(videoSeconds * 30);
  const f0 = performance.now();
  await run(FFMPEG, ['-v', 'error', '-y', '-i', firstImage, '-filter_complex', `[0:v]scale=1080:1920,setsar=1,format=yuv420p,loop=loop=${frames - 1}:size=1:start=0,settb=1/30,setpts=N[v]`,
    '-map', '[v]', '-c:v', 'libx264', '-preset', preset, '-crf', '23', '-pix_fmt', 'yuv420p', '-r', '30', '-g', '90', '-an', `${root}/floor.mp4`]);
  const floor = (performance.now() - f0) / 1000;
  await rm(root, { recursive: true, force: true });
  return [
    { name: `render 60 s 9:16 (${preset}) assembly`, value: round(assembleSeconds), unit: 's' },
    { name: `encode-only floor (${preset})`, value: round(floor), unit: 's' },
    { name: 'render / encode-only floor', value: round(assembleSeconds / floor), unit: 'ratio' },
    { name: 'topic to done, offline providers, 60 s 9:16', value: round(topicToDone), unit: 's' },
  ];
}

const round = (n: number) => Math.round(n * 100) / 100;
