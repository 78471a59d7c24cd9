import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ffmpeg from 'fluent-ffmpeg';
import type { Logger } from '@app/platform/src/logging/logger';
import { buildAss } from '../captions/ass';
import { FFMPEG, run } from '../../shared/exec';
import { createRng } from '../../shared/random';
import type { AssembleRequest, AssembleResult, Assembler } from './port';
import { FPS, LEAD_SECONDS, sceneSlots, splitSegments, videoSeconds, type SceneSlot } from './timeline';

export interface FfmpegAssemblerOptions {
  /** x264 preset (machine notes: ultrafast/veryfast trade speed for size). */
  preset?: string;
  crf?: number;
  /** Scene runs encoded in parallel, then concatenated without re-encoding. */
  segments?: number;
  /** Target integrated loudness, LUFS. */
  loudness?: number;
  audioBitrate?: string;
  /** Music level under the voice before ducking (linear). */
  musicVolume?: number;
  logger?: Logger;
}

/** How far the still is enlarged so it can pan without showing an edge. */
const OVERSCAN = 1.12;

/**
 * The ffmpeg assembler: every scene is a still decoded and scaled once, looped, and panned with a
 * moving crop (hard cuts, fade in/out at the ends); word captions are burned in with libass; the
 * narration ducks the music (sidechaincompress) and the mix is loudness-normalised in two passes.
 * Scene runs encode in parallel segments and are joined with the concat demuxer.
 */
export function createFfmpegAssembler(options: FfmpegAssemblerOptions = {}): Assembler {
  const preset = options.preset ?? 'veryfast';
  const crf = options.crf ?? 23;
  // Measured on 2 cores: one x264 process already uses both cores; two parallel segments were slower (21 s vs 17.5 s for 60 s 9:16).
  const segments = Math.max(1, options.segments ?? 1);
  const target = options.loudness ?? -14;
  return {
    name: 'ffmpeg',
    async assemble(request: AssembleRequest, signal?: AbortSignal): Promise<AssembleResult> {
      await mkdir(request.outDir, { recursive: true });
      const timings: Record<string, number> = {};
      const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
        const t0 = Date.now();
        try {
          return await work();
        } finally {
          timings[name] = (Date.now() - t0) / 1000;
        }
      };
      const total = videoSeconds(request.narrationSeconds, request.minSeconds, request.maxSeconds);
      const totalFrames = Math.round(total * FPS);
      const seconds = totalFrames / FPS;
      const shifted = request.words.map((w) => ({ ...w, start: w.start + LEAD_SECONDS, end: w.end + LEAD_SECONDS }));
      const assPath = join(request.outDir, 'captions.ass');
      await writeFile(assPath, buildAss(shifted, { width: request.width, height: request.height, aspectRatio: request.aspectRatio }), 'utf8');

      const slots = sceneSlots(request.images.length, request.words, seconds);
      const groups = splitSegments(slots, Math.min(segments, slots.length));
      const audioPath = join(request.outDir, 'mix.m4a');
      const [loudness] = await Promise.all([
        timed('audio', () => mixAudio(request, seconds, target, audioPath, options, signal)),
        timed('video', () => Promise.all(groups.map((group, i) => encodeSegment(request, group, i, totalFrames, assPath, preset, crf, signal)))),
      ]);

      const listPath = join(request.outDir, 'segments.txt');
      await writeFile(listPath, groups.map((_, i) => `file '${segmentPath(request.outDir, i)}'`).join('\n'));
      const videoPath = join(request.outDir, 'video.mp4');
      await timed('mux', () => fluent(
        ffmpeg().input(listPath).inputOptions(['-f', 'concat', '-safe', '0']).input(audioPath)
          .outputOptions(['-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-t', seconds.toFixed(3), '-movflags', '+faststart'])
          .output(videoPath),
        signal,
      ));
      const thumbnailPath = join(request.outDir, 'thumbnail.jpg');
      await timed('thumbnail', () => run(FFMPEG, ['-v', 'error', '-y', '-ss', (Math.min(seconds * 0.3, 4)).toFixed(2), '-i', videoPath, '-frames:v', '1', '-vf', `scale=${Math.min(720, request.width)}:-2`, '-q:v', '4', thumbnailPath], { signal }));
      for (let i = 0; i < groups.length; i++) await rm(segmentPath(request.outDir, i), { force: true });
      await stat(videoPath);
      options.logger?.debug({ category: 'assemble', timings, seconds }, 'assembled');
      return { videoPath, thumbnailPath, durationSeconds: seconds, width: request.width, height: request.height, loudness, timings };
    },
  };
}

function segmentPath(dir: string, index: number): string {
  return join(dir, `segment-${index}.mp4`);
}

const even = (n: number) => Math.round(n / 2) * 2;

/** One pan per scene, direction and start corner chosen by the seed, never the same twice running. */
export function panFor(seed: string, index: number): { x0: number; x1: number; y0: number; y1: number } {
  const rng = createRng(`pan:${seed}:${index}`);
  const moves = [
    { x0: 0, x1: 1, y0: 0.5, y1: 0.5 },
    { x0: 1, x1: 0, y0: 0.5, y1: 0.5 },
    { x0: 0.5, x1: 0.5, y0: 0, y1: 1 },
    { x0: 0.5, x1: 0.5, y0: 1, y1: 0 },
    { x0: 0, x1: 1, y0: 1, y1: 0 },
    { x0: 1, x1: 0, y0: 0, y1: 1 },
  ];
  const previous = index > 0 ? panIndex(seed, index - 1) : -1;
  let pick = rng.int(0, moves.length - 1);
  if (pick === previous) pick = (pick + 1) % moves.length;
  return moves[pick];
}
function panIndex(seed: string, index: number): number {
  const rng = createRng(`pan:${seed}:${index}`);
  return rng.int(0, 5);
}

async function encodeSegment(request: AssembleRequest, group: SceneSlot[], segment: number, totalFrames: number, assPath: string, preset: string, crf: number, signal?: AbortSignal): Promise<void> {
  const { width: W, height: H } = request;
  const sw = even(W * OVERSCAN);
  const sh = even(H * OVERSCAN);
  const parts: string[] = [];
  const command = ffmpeg();
  group.forEach((slot, k) => {
    command.input(request.images[slot.index]);
    const frames = slot.endFrame - slot.startFrame;
    const d = frames / FPS;
    const pan = panFor(request.seed, slot.index);
    const x = `(iw-ow)*(${pan.x0}+(${pan.x1 - pan.x0})*t/${d.toFixed(3)})`;
    const y = `(ih-oh)*(${pan.y0}+(${pan.y1 - pan.y0})*t/${d.toFixed(3)})`;
    let chain = `[${k}:v]scale=${sw}:${sh}:flags=bicubic,setsar=1,format=yuv420p,loop=loop=${frames - 1}:size=1:start=0,settb=1/${FPS},setpts=N,crop=${W}:${H}:x='${x}':y='${y}':exact=1`;
    if (slot.startFrame === 0) chain += `,fade=t=in:st=0:d=0.4`;
    if (slot.endFrame === totalFrames) chain += `,fade=t=out:st=${Math.max(0, d - 0.7).toFixed(3)}:d=0.7`;
    parts.push(`${chain}[s${k}]`);
  });
  const offset = group[0].startFrame;
  const inputs = group.map((_, k) => `[s${k}]`).join('');
  const escapedAss = assPath.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");
  parts.push(`${inputs}concat=n=${group.length}:v=1:a=0,setpts=PTS+${offset},ass='${escapedAss}',setpts=PTS-STARTPTS,format=yuv420p[v]`);
  command
    .complexFilter(parts.join(';'))
    .outputOptions(['-map', '[v]', '-an', '-c:v', 'libx264', '-preset', preset, '-crf', String(crf), '-pix_fmt', 'yuv420p', '-r', String(FPS), '-g', String(FPS * 3), '-video_track_timescale', '15360', '-movflags', '+faststart'])
    .output(segmentPath(request.outDir, segment));
  await fluent(command, signal);
}

/**
 * Two-pass loudness normalisation: pass 1 measures the mix's integrated loudness (EBU R128,
 * `ebur128`), pass 2 applies the exact gain to reach the target and a true-peak-safe limiter.
 * (Measured here: as accurate as loudnorm's linear two-pass mode and several times faster,
 * because loudnorm resamples to 192 kHz.)
 */
async function mixAudio(request: AssembleRequest, seconds: number, target: number, out: string, options: FfmpegAssemblerOptions, signal?: AbortSignal): Promise<number | null> {
  const delayMs = Math.round(LEAD_SECONDS * 1000);
  const end = seconds.toFixed(3);
  const fadeStart = Math.max(0, seconds - 1.5).toFixed(3);
  let graph = `[0:a]aresample=48000,pan=stereo|c0=c0|c1=c0,adelay=${delayMs}|${delayMs},apad,atrim=end=${end},asplit=2[voice][key];`;
  const inputs = ['-i', request.narrationPath];
  if (request.musicPath) {
    inputs.push('-i', request.musicPath);
    graph += `[1:a]aresample=48000,pan=stereo|c0=c0|c1=c0,volume=${options.musicVolume ?? 0.3},apad,atrim=end=${end}[bed];`
      + `[bed][key]sidechaincompress=threshold=0.015:ratio=8:attack=20:release=400[ducked];`
      + `[voice][ducked]amix=inputs=2:duration=first:normalize=0`;
  } else {
    graph += `[key]anullsink;[voice]anull`;
  }
  graph += `,afade=t=out:st=${fadeStart}:d=1.5`;
  const { stderr } = await run(FFMPEG, ['-hide_banner', '-nostats', ...inputs, '-filter_complex', `${graph},ebur128=framelog=verbose[out]`, '-map', '[out]', '-f', 'null', '-'], { signal });
  const measured = parseIntegratedLoudness(stderr);
  const gainDb = measured === null ? 0 : Math.max(-30, Math.min(30, target - measured));
  await run(FFMPEG, ['-v', 'error', '-y', ...inputs, '-filter_complex', `${graph},volume=${gainDb.toFixed(2)}dB,alimiter=limit=0.84:attack=2:release=50:level=false,aresample=48000[out]`, '-map', '[out]', '-c:a', 'aac', '-b:a', options.audioBitrate ?? '160k', '-t', end, out], { signal });
  return measured;
}

/** The integrated loudness (LUFS) from ebur128's summary. */
export function parseIntegratedLoudness(stderr: string): number | null {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const match = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary);
  if (!match) return null;
  const value = Number.parseFloat(match[1]);
  return Number.isFinite(value) ? value : null;
}

/** Run a fluent-ffmpeg command as a promise; an abort kills ffmpeg. */
function fluent(command: ffmpeg.FfmpegCommand, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const onAbort = () => command.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    command.setFfmpegPath(FFMPEG);
    command
      .on('end', () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      })
      .on('error', (error: Error, _stdout: string | null, stderr: string | null) => {
        signal?.removeEventListener('abort', onAbort);
        const tail = (stderr ?? '').trim().split('\n').slice(-5).join('\n');
        reject(signal?.aborted ? (signal.reason ?? error) : new Error(`ffmpeg failed: ${error.message}${tail ? `\n${tail}` : ''}`));
      })
      .run();
  });
}
