import { spawn } from 'node:child_process';

export interface RunProgramOptions {
  /** Written to the program's standard input (nothing by default). */
  input?: string | Buffer;
  signal?: AbortSignal;
  /** The program is killed after this long (its run then rejects with an AbortError). */
  timeoutMs?: number;
  cwd?: string;
  /** Standard output past this many bytes is dropped (a file that makes a tool talk too much costs no memory); unbounded by default. */
  maxStdoutBytes?: number;
  /** Only the last this many bytes of standard error are kept (its tail says why a program failed); unbounded by default. */
  maxStderrBytes?: number;
}

/** A program that ran and exited with another code than 0: the tail of what it wrote to stderr is in the message. */
export class ProgramError extends Error {
  override name = 'ProgramError';
  constructor(message: string, readonly stderr: string, readonly code: number | null) {
    super(message);
  }
}

/**
 * Runs a program to its end in a child process (the event loop is never blocked by the work) and
 * collects its output. Rejects with a ProgramError when it exits non-zero, with the spawn error
 * when it cannot start (`code` ENOENT: not installed), and with an AbortError when it was killed
 * by `signal` or `timeoutMs`. What the services run ffmpeg and ffprobe with.
 */
export function runProgram(command: string, args: readonly string[], options: RunProgramOptions = {}): Promise<{ stdout: string; stderr: string }> {
  const timeout = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal && timeout ? AbortSignal.any([options.signal, timeout]) : (options.signal ?? timeout);
  const maxStdout = options.maxStdoutBytes ?? Number.POSITIVE_INFINITY;
  const maxStderr = options.maxStderrBytes ?? Number.POSITIVE_INFINITY;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, signal, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrBytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutBytes < maxStdout) out.push(chunk.length <= maxStdout - stdoutBytes ? chunk : chunk.subarray(0, maxStdout - stdoutBytes));
      stdoutBytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err.push(chunk);
      stderrBytes += chunk.length;
      while (stderrBytes - err[0].length >= maxStderr) stderrBytes -= err.shift()!.length;
    });
    let failed = false;
    child.on('error', (error) => {
      failed = true;
      reject(error);
    });
    child.on('close', (code) => {
      if (failed) return;
      const stdout = Buffer.concat(out).toString('utf8');
      const errors = Buffer.concat(err);
      const stderr = errors.subarray(Math.max(0, errors.length - maxStderr)).toString('utf8');
      if (code === 0) resolve({ stdout, stderr });
      else reject(new ProgramError(`${command} exited with ${code}: ${stderr.trim().split('\n').slice(-6).join('\n')}`, stderr, code));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
