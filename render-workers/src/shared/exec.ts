import { spawn } from 'node:child_process';

export interface RunOptions {
  input?: string | Buffer;
  signal?: AbortSignal;
  cwd?: string;
}

export class CommandError extends Error {
  override name = 'CommandError';
  constructor(message: string, readonly stderr: string, readonly code: number | null) {
    super(message);
  }
}

/** Run a program, collect stdout/stderr; rejects with the tail of stderr when it exits non-zero. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, signal: options.signal, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e) => reject(e));
    child.on('close', (code) => {
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      if (code === 0) resolve({ stdout, stderr });
      else reject(new CommandError(`${command} exited with ${code}: ${stderr.trim().split('\n').slice(-6).join('\n')}`, stderr, code));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

export const FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH || 'ffprobe';

/** Seconds of a media file, from ffprobe's container duration. */
export async function probeDuration(path: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await run(FFPROBE, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', path], { signal });
  const seconds = Number.parseFloat(stdout.trim());
  if (!Number.isFinite(seconds)) throw new Error(`ffprobe could not read the duration of ${path}`);
  return seconds;
}
