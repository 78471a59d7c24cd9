import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

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
export async function runProgram(command: string, args: readonly string[], options: RunProgramOptions = {}): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd: options.cwd, signal: withTimeout(options), stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.on('error', () => undefined);
  child.stdin.end(options.input ?? '');
  const { stdout, stderr } = await settle(command, collect(child, options));
  return { stdout: stdout.toString('utf8'), stderr };
}

/** One program of a pipe: what it is and how it is called. */
export interface Program {
  command: string;
  args: readonly string[];
}

/**
 * Runs two programs as the shell runs `first | second`: what the first writes to its standard output
 * is the second's standard input, and both work at once (a producer and an encoder each on a core).
 * Resolves with both stderrs and the second's stdout when both exit 0. When either fails, the other is
 * killed and the run rejects with the failure that came first in the pipe's order of cause: the
 * second's own error over the first's broken pipe. `input` and `maxStdoutBytes` apply to the ends.
 */
export async function runPipe(first: Program, second: Program, options: RunProgramOptions = {}): Promise<{ first: { stderr: string }; second: { stdout: string; stderr: string } }> {
  const stop = new AbortController();
  const outside = withTimeout(options);
  const signal = outside ? AbortSignal.any([stop.signal, outside]) : stop.signal;
  const producer = spawn(first.command, first.args, { cwd: options.cwd, signal, stdio: ['pipe', 'pipe', 'pipe'] });
  const consumer = spawn(second.command, second.args, { cwd: options.cwd, signal, stdio: ['pipe', 'pipe', 'pipe'] });
  producer.stdin.on('error', () => undefined);
  producer.stdin.end(options.input ?? '');
  consumer.stdin.on('error', () => undefined);
  producer.stdout.pipe(consumer.stdin);
  /** A failure of either end stops the other. */
  const orStop = <T>(run: Promise<T>) => run.catch((error: unknown) => {
    stop.abort();
    throw error;
  });
  const [made, used] = await Promise.allSettled([
    orStop(settle(first.command, collect(producer, { maxStderrBytes: options.maxStderrBytes, maxStdoutBytes: 0 }))),
    orStop(settle(second.command, collect(consumer, options))),
  ]);
  // The consumer's own failure explains the producer's broken pipe, not the other way round; an
  // outside abort is reported as the AbortError it is.
  if (used.status === 'rejected' && !(stop.signal.aborted && made.status === 'rejected' && isAbort(used.reason))) throw used.reason;
  if (made.status === 'rejected') throw made.reason;
  if (used.status === 'rejected') throw used.reason;
  return { first: { stderr: made.value.stderr }, second: { stdout: used.value.stdout.toString('utf8'), stderr: used.value.stderr } };
}

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

/** The caller's signal joined with the run's time limit. */
function withTimeout(options: RunProgramOptions): AbortSignal | undefined {
  const timeout = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
  return options.signal && timeout ? AbortSignal.any([options.signal, timeout]) : (options.signal ?? timeout);
}

type Collected = { code: number | null; stdout: Buffer; stderr: string };

/** A started program's exit code, its stdout (up to maxStdoutBytes, unless piped on) and the tail of its stderr. */
function collect(child: ChildProcessWithoutNullStreams, options: Pick<RunProgramOptions, 'maxStdoutBytes' | 'maxStderrBytes'>): Promise<Collected> {
  const maxStdout = options.maxStdoutBytes ?? Number.POSITIVE_INFINITY;
  const maxStderr = options.maxStderrBytes ?? Number.POSITIVE_INFINITY;
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrBytes = 0;
    if (maxStdout > 0) {
      child.stdout.on('data', (chunk: Buffer) => {
        if (stdoutBytes < maxStdout) out.push(chunk.length <= maxStdout - stdoutBytes ? chunk : chunk.subarray(0, maxStdout - stdoutBytes));
        stdoutBytes += chunk.length;
      });
    }
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
      const errors = Buffer.concat(err);
      resolve({ code, stdout: Buffer.concat(out), stderr: errors.subarray(Math.max(0, errors.length - maxStderr)).toString('utf8') });
    });
  });
}

/** What a run answers: its output when the program exited 0, a ProgramError with the tail of stderr otherwise. */
async function settle(command: string, collected: Promise<Collected>): Promise<Collected> {
  const result = await collected;
  if (result.code === 0) return result;
  throw new ProgramError(`${command} exited with ${result.code}: ${result.stderr.trim().split('\n').slice(-6).join('\n')}`, result.stderr, result.code);
}
