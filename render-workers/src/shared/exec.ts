import { rm, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { runPipe, runProgram, type Program, type RunProgramOptions } from '@app/platform';

export type RunOptions = Pick<RunProgramOptions, 'input' | 'signal' | 'cwd'>;

/** Run a program, collect stdout/stderr; rejects with the tail of stderr when it exits non-zero (the platform's runProgram). */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<{ stdout: string; stderr: string }> {
  return runProgram(command, args, options);
}

/** Run `first | second` (the platform's runPipe): both at once, the first's stdout into the second; answers their stderrs. */
export async function runPiped(first: Program, second: Program, options: RunOptions = {}): Promise<{ first: string; second: string }> {
  const result = await runPipe(first, second, options);
  return { first: result.first.stderr, second: result.second.stderr };
}

/** The media programs the stages run (FFMPEG_PATH, FFPROBE_PATH in the render workers' config). */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/** The programs on PATH: what tests and tools use when no configuration is at hand. */
export const DEFAULT_MEDIA_TOOLS: MediaTools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };

/** Seconds of a media file, from ffprobe's container duration. */
export async function probeDuration(tools: MediaTools, file: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file], { signal });
  const seconds = Number.parseFloat(stdout.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`ffprobe could not measure ${basename(file)}`);
  return seconds;
}

/** Any audio file as 16-bit mono PCM WAV at `sampleRate` (narrators join and time clips in this form). */
export async function decodeToPcmWav(tools: MediaTools, input: string, output: string, sampleRate: number, signal?: AbortSignal): Promise<void> {
  await run(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-ac', '1', '-ar', String(sampleRate), '-c:a', 'pcm_s16le', output], { signal });
}

/** Joins PCM WAV clips of one format end to end, without re-encoding. */
export async function concatPcmWavs(tools: MediaTools, inputs: readonly string[], output: string, signal?: AbortSignal): Promise<void> {
  const list = `${output}.txt`;
  await writeFile(list, inputs.map((p) => `file '${resolve(p).replace(/'/g, "'\\''")}'`).join('\n'));
  try {
    await run(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', output], { signal });
  } finally {
    await rm(list, { force: true });
  }
}
