import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import type { Logger } from '../logging/logger';
import { READY_LINE, type Stoppable } from './run-process';

export interface ChildServiceOptions {
  /** The service's main module: a built `.js` file, or in development and tests a `.ts` file run through tsx. */
  main: string;
  env: Record<string, string | undefined>;
  logger: Logger;
  /** How long a start may take before it counts as failed. Default 60 s. */
  startTimeoutMs?: number;
  /** How long a stop may take before the child is killed. Default 10 s. */
  stopTimeoutMs?: number;
  /**
   * How nice the child is to this process (and everything it starts, which inherits it): 0 to 19,
   * higher yields the CPU sooner. Never set below this process's own. Default: as this process.
   */
  niceness?: number;
}

/**
 * Lowers a process's CPU priority to `niceness` (0 to 19; higher yields the CPU sooner), never
 * raising it: `pid` 0 is this process. Linux keeps a nice value per thread, and `setPriority(pid)`
 * reaches only the thread whose id is `pid`: so every thread the process has is lowered (V8's and
 * libuv's threads started before this call would otherwise stay at the old priority). Threads and
 * programs started later (ffmpeg for the renderer) inherit it from the thread that starts them.
 */
export function lowerPriority(pid: number, niceness: number, log: Logger): void {
  const target = pid === 0 ? process.pid : pid;
  const lower = (thread: number) => setPriority(thread, Math.min(19, Math.max(getPriority(thread), niceness)));
  try {
    lower(target);
  } catch (error) {
    log.warn({ err: error, niceness }, 'Could not lower the CPU priority');
    return;
  }
  for (const thread of threadsOf(target)) {
    try {
      lower(thread);
    } catch {
      // The thread ended since the list was read.
    }
  }
}

/** The ids of a process's other threads (none where /proc does not list them). */
function threadsOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number).filter((tid) => tid !== pid);
  } catch {
    return [];
  }
}

/**
 * A service run as a child process of this one, supervised: started and awaited until ready,
 * started again (with backoff) if it dies, stopped with SIGTERM (SIGKILL after the deadline). The
 * child leaves when this process dies, even by `kill -9`: its IPC channel closes, and runProcess
 * stops it. Work it had in flight stays uncommitted on the bus for the next start.
 */
export async function startChildService(options: ChildServiceOptions): Promise<Stoppable & { pid(): number | undefined }> {
  const log = options.logger.child({ category: 'child-service', main: options.main.split('/').slice(-3).join('/') });
  let child: ChildProcess | null = null;
  let stopping = false;
  let restarts = 0;
  let restartTimer: NodeJS.Timeout | null = null;

  const spawnChild = () => new Promise<void>((resolve, reject) => {
    const execArgv = options.main.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
    const started = fork(options.main, [], { env: options.env, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child = started;
    if (options.niceness !== undefined && started.pid !== undefined) lowerPriority(started.pid, options.niceness, log);
    const timer = setTimeout(() => {
      started.kill('SIGKILL');
      reject(new Error(`${options.main} did not start within ${options.startTimeoutMs ?? 60_000} ms`));
    }, options.startTimeoutMs ?? 60_000);
    started.on('message', (message: { type?: string }) => {
      if (message?.type !== READY_LINE) return;
      clearTimeout(timer);
      restarts = 0;
      resolve();
    });
    started.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${options.main} exited before it was ready (${signal ?? code})`));
      if (stopping || child !== started) return;
      // Died while running: start it again, backing off if it keeps dying.
      const delay = Math.min(30_000, 1000 * 2 ** restarts++);
      log.error({ code, signal, restartInMs: delay }, 'Child service died; restarting');
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (!stopping) spawnChild().catch((error: unknown) => log.error({ err: error }, 'Child service restart failed'));
      }, delay);
    });
  });

  await spawnChild();
  return {
    pid: () => child?.pid,
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => running.kill('SIGKILL'), options.stopTimeoutMs ?? 10_000);
        running.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
  };
}
