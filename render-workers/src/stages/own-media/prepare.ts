import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaFit } from '@app/domain';
import type { BlobStore } from '@app/platform';
import { run, type MediaTools } from '../../shared/exec';
import { FPS, GOP } from '../assemble/timeline';
import { audioCodecArgs } from '../assemble/ffmpeg';

/**
 * The creator's own media in a render (issue 18): a library item brought into the frame of the
 * video. Every function writes its output under a temporary name and renames it when complete, so
 * a file that exists is whole (the pipeline keeps them in its cache by their inputs).
 */

/**
 * The filter that brings a picture of any shape into a W×H frame: `crop` scales it to cover the
 * frame and cuts the middle out; `letterbox` scales it to fit inside and pads with black bars.
 * ffmpeg turns a phone's rotated clip upright before this (autorotate).
 */
export function fitFilter(fit: MediaFit, width: number, height: number): string {
  return fit === 'letterbox'
    ? `scale=${width}:${height}:force_original_aspect_ratio=decrease:flags=bicubic,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1`
    : `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=bicubic,crop=${width}:${height},setsar=1`;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

/** The item's file from the media store, as a local path (copied into `to` unless the store is on this disk). Null when it is gone. */
export async function fetchMedia(blobs: BlobStore, blobKey: string, to: string): Promise<string | null> {
  if (!(await blobs.stat(blobKey))) return null;
  const local = blobs.localPath(blobKey);
  if (local) return local;
  if (await exists(to)) return to;
  await mkdir(dirname(to), { recursive: true });
  await pipeline(await blobs.read(blobKey), createWriteStream(`${to}.part`));
  await rename(`${to}.part`, to);
  return to;
}

/** An image brought into the frame (a PNG of W×H): the pipeline pans it like a generated picture. */
export async function frameImage(tools: MediaTools, source: string, fit: MediaFit, width: number, height: number, out: string, signal?: AbortSignal): Promise<void> {
  await run(tools.ffmpeg, ['-hide_banner', '-v', 'error', '-y', '-i', source, '-frames:v', '1', '-vf', `${fitFilter(fit, width, height)},format=rgb24`, '-f', 'image2', '-c:v', 'png', `${out}.part`], { signal });
  await rename(`${out}.part`, out);
}

/**
 * A clip brought into the frame for one scene: exactly `frames` frames at the video's rate, its last
 * frame held when the clip is shorter than the scene, cut when longer; no sound (the mix is the
 * narration and the music only). Encoded nearly losslessly and fast: the picture stage encodes it
 * again with the captions. Also writes `still` (its first frame, a PNG) for the storyboard.
 */
export async function frameClip(tools: MediaTools, source: string, fit: MediaFit, width: number, height: number, frames: number, out: string, still: string, signal?: AbortSignal): Promise<void> {
  const filter = `${fitFilter(fit, width, height)},fps=${FPS},format=yuv420p,tpad=stop_mode=clone:stop=-1`;
  await run(tools.ffmpeg, [
    '-hide_banner', '-v', 'error', '-y', '-i', source, '-map', '0:v:0', '-an', '-sn', '-dn', '-vf', filter, '-frames:v', String(frames),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '12', '-g', String(GOP), '-bf', '0', '-pix_fmt', 'yuv420p', '-f', 'mp4', `${out}.part`,
  ], { signal });
  await run(tools.ffmpeg, ['-hide_banner', '-v', 'error', '-y', '-i', `${out}.part`, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', `${still}.part`], { signal });
  await rename(`${still}.part`, still);
  await rename(`${out}.part`, out);
}

/** What a probe of an uploaded finished video says. */
interface ProbedVideo {
  durationSeconds: number;
  hasAudio: boolean;
}

/** The length and whether there is sound, of a finished video to normalise (and of the result). */
async function probeVideo(tools: MediaTools, file: string, signal?: AbortSignal): Promise<ProbedVideo> {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal });
  const probe = JSON.parse(stdout) as { format?: { duration?: string }; streams?: Array<{ codec_type?: string; duration?: string }> };
  const video = probe.streams?.find((s) => s.codec_type === 'video');
  const durationSeconds = Number.parseFloat(probe.format?.duration ?? video?.duration ?? '');
  if (!video || !Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new Error('The uploaded video could not be read');
  return { durationSeconds, hasAudio: Boolean(probe.streams?.some((s) => s.codec_type === 'audio')) };
}

/**
 * "Import a video" (the UploadVideo command): a finished video made elsewhere in the platform's format: H.264 (high profile,
 * yuv420p, 30 fps) letterboxed into the frame of its aspect ratio, AAC 48 kHz stereo (silence when
 * it had no sound), the index first (faststart). Returns its length in seconds.
 */
export async function normaliseVideo(
  tools: MediaTools, source: string, width: number, height: number, out: string, options: { preset: string; crf: number; signal?: AbortSignal },
): Promise<number> {
  const probed = await probeVideo(tools, source, options.signal);
  const silence = probed.hasAudio ? [] : ['-f', 'lavfi', '-t', probed.durationSeconds.toFixed(3), '-i', 'anullsrc=r=48000:cl=stereo'];
  await run(tools.ffmpeg, [
    '-hide_banner', '-v', 'error', '-y', '-i', source, ...silence,
    '-map', '0:v:0', '-map', probed.hasAudio ? '0:a:0' : '1:a:0',
    '-vf', `${fitFilter('letterbox', width, height)},fps=${FPS},format=yuv420p`,
    '-c:v', 'libx264', '-preset', options.preset, '-crf', String(options.crf), '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-g', String(GOP),
    ...audioCodecArgs(), '-t', probed.durationSeconds.toFixed(3), '-movflags', '+faststart', '-f', 'mp4', `${out}.part`,
  ], { signal: options.signal });
  await rename(`${out}.part`, out);
  return (await probeVideo(tools, out, options.signal)).durationSeconds;
}

/** A JPEG thumbnail of a video a little into it, at most 720 px wide. */
export async function videoThumbnail(tools: MediaTools, video: string, seconds: number, width: number, out: string, signal?: AbortSignal): Promise<void> {
  await run(tools.ffmpeg, ['-hide_banner', '-v', 'error', '-y', '-ss', Math.min(1, seconds / 3).toFixed(2), '-i', video, '-frames:v', '1', '-vf', `scale=${Math.min(720, width)}:-2`, '-q:v', '4', out], { signal });
}

