import type { MediaKind } from '@app/domain';
import { runProgram } from '@app/platform';

/** The media programs that check uploads (FFMPEG_PATH, FFPROBE_PATH). */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/** What a probe found in an uploaded file, when it is something the library takes. */
export interface ProbedMedia {
  kind: MediaKind;
  contentType: string;
  width: number;
  height: number;
  /** Seconds, for clips; null for images. */
  durationSeconds: number | null;
}

/** Why a file is not taken: not a usable video or image at all, or a clip over the length limit. */
export type ProbeRefusal = { refused: 'not-media' } | { refused: 'too-long'; durationSeconds: number };

const PROBE_TIMEOUT_MS = 30_000;

/**
 * Runs a program to its end (the platform's runProgram, in a child process: the HTTP event loop
 * is never blocked by the work); its output when it exits 0, null when it fails, is killed or runs
 * out of time (a file ffprobe or ffmpeg cannot read is an answer, not an error).
 */
async function runTool(command: string, args: readonly string[], timeoutMs = PROBE_TIMEOUT_MS): Promise<string | null> {
  try {
    const { stdout } = await runProgram(command, args, { timeoutMs, maxStdoutBytes: 4 * 1024 * 1024, maxStderrBytes: 64 * 1024 });
    return stdout;
  } catch (error) {
    // A missing program is a misconfiguration (a 500 that is logged), not the file's fault.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${command} was not found (FFMPEG_PATH / FFPROBE_PATH)`);
    return null;
  }
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}
interface FfprobeOutput {
  format?: { format_name?: string; duration?: string; tags?: { major_brand?: string } };
  streams?: FfprobeStream[];
}

/** Still-image demuxers and decoders ffprobe uses for JPEG, PNG and WebP. */
const IMAGE_FORMATS = new Set(['image2', 'png_pipe', 'jpeg_pipe', 'webp_pipe']);
const IMAGE_CODECS: Record<string, string> = { mjpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The container of a clip: MP4 or MOV (one ffmpeg demuxer, told apart by the brand), or WebM. */
function clipContentType(format: NonNullable<FfprobeOutput['format']>): string | null {
  const names = (format.format_name ?? '').split(',');
  if (names.includes('mov') || names.includes('mp4')) return format.tags?.major_brand?.trim() === 'qt' ? 'video/quicktime' : 'video/mp4';
  if (names.includes('webm')) return 'video/webm';
  return null;
}

/** Width and height as the clip is shown: a phone's portrait clip is often landscape pixels turned a quarter. */
function displaySize(stream: FfprobeStream): { width: number; height: number } {
  const rotation = Number(stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? stream.tags?.rotate ?? 0);
  const quarter = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  const width = stream.width ?? 0;
  const height = stream.height ?? 0;
  return quarter ? { width: height, height: width } : { width, height };
}

/**
 * What the file is, by its content (its name is never looked at): a clip whose container is MP4,
 * MOV or WebM with a video stream, up to `maxClipSeconds`; or a JPEG, PNG or WebP image.
 */
export async function probeMedia(tools: MediaTools, file: string, maxClipSeconds: number): Promise<ProbedMedia | ProbeRefusal> {
  const json = await runTool(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  if (json === null) return { refused: 'not-media' };
  let probe: FfprobeOutput;
  try {
    probe = JSON.parse(json) as FfprobeOutput;
  } catch {
    return { refused: 'not-media' };
  }
  const format = probe.format;
  const video = (probe.streams ?? []).find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
  if (!format || !video) return { refused: 'not-media' };
  const { width, height } = displaySize(video);

  if (IMAGE_FORMATS.has(format.format_name ?? '')) {
    const contentType = IMAGE_CODECS[video.codec_name ?? ''];
    return contentType ? { kind: 'image', contentType, width, height, durationSeconds: null } : { refused: 'not-media' };
  }
  const contentType = clipContentType(format);
  if (!contentType) return { refused: 'not-media' };
  const duration = Number.parseFloat(format.duration ?? video.duration ?? '');
  if (!Number.isFinite(duration) || duration <= 0) return { refused: 'not-media' };
  const durationSeconds = Math.round(duration * 100) / 100;
  if (duration > maxClipSeconds) return { refused: 'too-long', durationSeconds };
  return { kind: 'clip', contentType, width, height, durationSeconds };
}

/**
 * A JPEG thumbnail of the file (a frame a little into a clip; the image itself), at most 480 px
 * either way. Decoding a frame is also the last check that the file is what the probe said: false
 * when ffmpeg cannot.
 */
export async function makeThumbnail(tools: MediaTools, file: string, probed: ProbedMedia, output: string): Promise<boolean> {
  const seek = probed.durationSeconds ? ['-ss', String(Math.min(1, probed.durationSeconds / 3))] : [];
  const args = [
    '-hide_banner', '-v', 'error', '-y', ...seek, '-i', file, '-frames:v', '1',
    '-vf', "scale=w='min(480,iw)':h='min(480,ih)':force_original_aspect_ratio=decrease", '-q:v', '4', '-f', 'image2', '-c:v', 'mjpeg', output,
  ];
  return (await runTool(tools.ffmpeg, args, 60_000)) !== null;
}
