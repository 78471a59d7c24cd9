import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@app/platform';
import { DEFAULT_MEDIA_TOOLS, run } from '../shared/exec';
import { REPO_ROOT } from '../shared/paths';
import { createFfmpegAssembler, parseIntegratedLoudness, type FfmpegAssemblerOptions } from '../stages/assemble/ffmpeg';
import { createProceduralIllustrator } from '../stages/images/procedural';
import { createProceduralComposer } from '../stages/music/procedural';
import { createEspeakNarrator } from '../stages/narration/espeak';
import { createOfflineScriptWriter } from '../stages/script/offline-writer';

/** Test helpers for real renders: build the native helper, offline providers, probe the output. */
export function ensureNativeHelper(): void {
  execFileSync('bash', [join(REPO_ROOT, 'infra/scripts/build-native.sh')], { stdio: 'ignore' });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

export const quietLogger = () => createLogger('render-workers-test', { level: 'silent' });

export function offlineProviders(assembler: FfmpegAssemblerOptions = {}) {
  const narrator = createEspeakNarrator();
  return {
    scriptWriter: createOfflineScriptWriter(),
    narrator,
    illustrator: createProceduralIllustrator(),
    composer: createProceduralComposer(),
    assembler: createFfmpegAssembler({ preset: 'ultrafast', ...assembler }),
    offlineNarrator: narrator,
  };
}

export interface ProbedMedia {
  duration: number;
  video: { codec: string; width: number; height: number; fps: number; pixFmt: string; frames: number; duration: number };
  audio: { codec: string; sampleRate: number } | null;
}

export async function probe(path: string): Promise<ProbedMedia> {
  const { stdout } = await run(DEFAULT_MEDIA_TOOLS.ffprobe, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', path]);
  const info = JSON.parse(stdout) as { streams: Array<Record<string, string | number>>; format: { duration: string } };
  const v = info.streams.find((s) => s.codec_type === 'video') ?? {};
  const a = info.streams.find((s) => s.codec_type === 'audio');
  const [num, den] = String(v.avg_frame_rate ?? '0/1').split('/').map(Number);
  return {
    duration: Number(info.format.duration),
    video: { codec: String(v.codec_name), width: Number(v.width), height: Number(v.height), fps: num / den, pixFmt: String(v.pix_fmt), frames: Number(v.nb_frames), duration: Number(v.duration) },
    audio: a ? { codec: String(a.codec_name), sampleRate: Number(a.sample_rate) } : null,
  };
}

/**
 * The settings x264 wrote into a file it encoded (its SEI "options:" line), by name: e.g. `crf`,
 * `subme`, `cabac`, `8x8dct`. Each part of a picture encoded in parts carries its own copy.
 */
export async function x264Settings(path: string): Promise<Record<string, string>> {
  const bytes = await readFile(path);
  const at = bytes.indexOf('x264 - core');
  if (at < 0) throw new Error(`no x264 settings in ${path}`);
  const line = bytes.subarray(at, bytes.indexOf(0, at)).toString('latin1');
  const options = line.slice(line.indexOf('options: ') + 'options: '.length);
  return Object.fromEntries(options.split(' ').map((pair) => pair.split('=') as [string, string]));
}

/** Integrated loudness (LUFS) measured with ffmpeg's EBU R128 filter (a mono track as dual mono: how a stereo player sounds it). */
export async function integratedLoudness(path: string): Promise<number> {
  const { stderr } = await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-hide_banner', '-nostats', '-i', path, '-map', '0:a', '-af', 'ebur128=framelog=verbose:dualmono=true', '-f', 'null', '-']);
  const loudness = parseIntegratedLoudness(stderr);
  if (loudness === null) throw new Error(`no integrated loudness measured in ${path}`);
  return loudness;
}

/** One frame as small raw RGB, optionally cropped first (x, y, w, h as fractions of the frame). */
export async function frameRgb(path: string, atSeconds: number, size = { width: 64, height: 64 }, crop?: FrameRegion): Promise<Buffer> {
  const filters = [crop ? `crop=iw*${crop.w}:ih*${crop.h}:iw*${crop.x}:ih*${crop.y}` : null, `scale=${size.width}:${size.height}`, 'format=rgb24'].filter(Boolean).join(',');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const child = spawn(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-v', 'error', ...(atSeconds > 0 ? ['-ss', atSeconds.toFixed(2)] : []), '-i', path, '-frames:v', '1', '-vf', filters, '-f', 'rawvideo', '-']);
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg frame exit ${code}`))));
  });
}

/** A part of a frame: x, y, width and height as fractions of the frame. */
export interface FrameRegion { x: number; y: number; w: number; h: number }

export interface Rgb { r: number; g: number; b: number }

/** The mean red, green and blue of raw RGB24 bytes (frameRgb's). */
export function meanColour(rgb: Buffer): Rgb {
  let r = 0, g = 0, b = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    r += rgb[i];
    g += rgb[i + 1];
    b += rgb[i + 2];
  }
  const n = rgb.length / 3;
  return { r: Math.round(r / n), g: Math.round(g / n), b: Math.round(b / n) };
}

/** The mean colour of a region of a video's frame at `seconds` (the whole frame without a region). */
export async function colourAt(path: string, seconds: number, region?: FrameRegion): Promise<Rgb> {
  return meanColour(await frameRgb(path, seconds, { width: 16, height: 16 }, region));
}

/** Mean absolute difference of two equally sized byte buffers (0-255). */
export function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** RMS level (dBFS) of the audio between `from` and `to` seconds; -Infinity for digital silence. */
export async function rmsLevel(path: string, from: number, to: number): Promise<number> {
  const { stderr } = await run(DEFAULT_MEDIA_TOOLS.ffmpeg, ['-hide_banner', '-nostats', '-i', path, '-map', '0:a', '-af', `atrim=start=${from}:end=${to},astats=measure_overall=RMS_level:measure_perchannel=none`, '-f', 'null', '-']);
  const match = /RMS level dB:\s*(-?[\d.]+|-inf)/.exec(stderr);
  if (!match) throw new Error(`no RMS level measured in ${path}`);
  return match[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number.parseFloat(match[1]);
}
