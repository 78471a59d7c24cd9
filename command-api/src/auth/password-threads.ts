/**
 * The threads that hash and verify passwords, at a lower CPU priority than the event loop.
 *
 * argon2id costs about 10 ms of CPU and 19 MiB a check. In libuv's pool (where the native binding's
 * async calls run) it takes its turn at the same priority as the event loop: on 2 cores a burst of
 * four sign-ins holds both, and every read in flight waits for them. Here each check runs
 * synchronously on a worker thread of its own, and each thread lowers its own niceness (Linux keeps
 * a nice value per thread), so the loop is served first and a sign-in takes what CPU is left.
 * Renders are nicer still (10): a sign-in goes before them.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** How much the threads yield to the event loop (0 to 19); below the render child's 10. */
export const PASSWORD_NICENESS = 5;

type Operation = 'hash' | 'verify' | 'verifyBcrypt' | 'niceness';

const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const os = require('node:os');
const argon2 = require(workerData.argon2);
const bcrypt = require(workerData.bcrypt);
try {
  os.setPriority(0, workerData.niceness);
} catch {
  // Not allowed here: the thread runs at the process's priority, still off the event loop.
}
const operations = {
  hash: (password, options) => argon2.hashSync(password, options),
  verify: (stored, password) => argon2.verifySync(stored, password),
  verifyBcrypt: (password, stored) => bcrypt.verifySync(password, stored),
  niceness: () => os.getPriority(0),
};
parentPort.on('message', ({ id, operation, args }) => {
  try {
    parentPort.postMessage({ id, result: operations[operation](...args) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
});
`;

interface Job {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
}

/**
 * As many threads as the machine has cores (a check keeps one busy; more would only queue in the
 * kernel), started on first use. Each takes the next job when it is the least loaded; a thread that
 * dies fails its jobs and is replaced on the next call. Idle threads never hold the process open.
 */
export class PasswordThreads {
  private readonly threads: Array<Thread | null>;
  private nextId = 0;

  constructor(size = availableParallelism(), private readonly niceness = PASSWORD_NICENESS) {
    this.threads = Array.from({ length: Math.max(1, size) }, () => null);
  }

  hash(password: string, options: object): Promise<string> {
    return this.run('hash', [password, options]) as Promise<string>;
  }

  verify(stored: string, password: string): Promise<boolean> {
    return this.run('verify', [stored, password]) as Promise<boolean>;
  }

  verifyBcrypt(password: string, stored: string): Promise<boolean> {
    return this.run('verifyBcrypt', [password, stored]) as Promise<boolean>;
  }

  /** The niceness a thread runs at (what the operating system reports for it). */
  threadNiceness(): Promise<number> {
    return this.run('niceness', []) as Promise<number>;
  }

  /** Ends the threads; jobs in flight fail. */
  async close(): Promise<void> {
    const running = this.threads.filter((t): t is Thread => t !== null);
    this.threads.fill(null);
    await Promise.all(running.map((t) => t.worker.terminate()));
  }

  private run(operation: Operation, args: unknown[]): Promise<unknown> {
    const thread = this.leastLoaded();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      thread.jobs.set(id, { resolve, reject });
      thread.worker.ref();
      thread.worker.postMessage({ id, operation, args });
    });
  }

  private leastLoaded(): Thread {
    let best = -1;
    for (let i = 0; i < this.threads.length; i++) {
      const thread = this.threads[i];
      if (!thread) return (this.threads[i] = this.start(i));
      if (best < 0 || thread.jobs.size < this.threads[best]!.jobs.size) best = i;
    }
    return this.threads[best]!;
  }

  private start(slot: number): Thread {
    const worker = new Worker(THREAD, {
      eval: true,
      workerData: { argon2: require.resolve('@node-rs/argon2'), bcrypt: require.resolve('@node-rs/bcrypt'), niceness: this.niceness },
      // The hashing's memory is native; the thread's JavaScript is a dispatcher.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    const thread: Thread = { worker, jobs: new Map() };
    worker.unref();
    worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const job = thread.jobs.get(id);
      if (!job) return;
      thread.jobs.delete(id);
      if (thread.jobs.size === 0) worker.unref();
      if (error === undefined) job.resolve(result);
      else job.reject(new Error(error));
    });
    const fail = (reason: Error) => {
      if (this.threads[slot] === thread) this.threads[slot] = null;
      for (const job of thread.jobs.values()) job.reject(reason);
      thread.jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the password thread exited (${code})`)));
    return thread;
  }
}
