import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');

/** One service running as its own OS process, with its log lines kept for assertions. */
export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  lines: string[];
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

let built = false;

/** The services' bundles, built once per test process (quick when they are fresh): what production runs. */
export function buildServices(): void {
  if (built) return;
  execFileSync(process.execPath, [join(root, 'infra/scripts/build-services.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
  built = true;
}

/** The command line of a service's main module, `<workspace>/src/<main>`: its built bundle, or through tsx from source. */
export function serviceCommand(workspace: string, main = 'main.ts', runtime: 'built' | 'tsx' = 'built'): string[] {
  if (runtime === 'tsx') return ['--import', 'tsx', join(root, workspace, 'src', main)];
  buildServices();
  return ['--conditions=compiled', '--enable-source-maps', join(root, workspace, 'dist', main.replace(/\.ts$/, '.js'))];
}

/**
 * Starts a service's main module as its own process, as `npm run start -w <workspace>` does: the
 * built bundle, so the suites that start processes prove what production runs. `nodeArgs` go to
 * node before it (a bench's `--inspect-port`).
 */
export function startService(name: string, workspace: string, env: Record<string, string>, main = 'main.ts', runtime: 'built' | 'tsx' = 'built', nodeArgs: string[] = []): ServiceProcess {
  // PROFILE_DIR=/tmp/prof npm run bench -- mixed: each service writes its CPU profiles in `<PROFILE_DIR>/<name>/` as it
  // stops, one per thread (node's own names: the main thread's has `.0.` after the pid, its threads `.1.` and on).
  const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.PROFILE_DIR, name)}`] : [];
  return startProgram(name, process.execPath, [...profile, ...nodeArgs, ...serviceCommand(workspace, main, runtime)], env);
}

/** Any program as a process of the test (a worker in another language), watched like a service. */
export function startProgram(name: string, command: string, args: string[], env: Record<string, string>): ServiceProcess {
  const child = spawn(command, args, {
    cwd: root,
    // espeak-ng narrates unless a test names another voice: quick, and the neural voice has its own tests.
    env: { ...process.env, VOICE_PROVIDER: process.env.TEST_VOICE_PROVIDER ?? 'espeak', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  // Every process's log is kept under tests/artifacts/ for a post-mortem of a failed run.
  const logDir = join(root, 'tests/artifacts/distributed');
  mkdirSync(logDir, { recursive: true });
  const logFile = createWriteStream(join(logDir, `${name}.log`));
  child.stdout!.pipe(logFile);
  const listeners = new Set<(line: string) => void>();
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      for (const l of listeners) l(line);
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return {
    name,
    child,
    lines,
    waitForLine(pattern, timeoutMs = 60_000) {
      const found = lines.find((l) => pattern.test(l));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`${name}: no line matching ${pattern} within ${timeoutMs} ms. Last lines:\n${lines.slice(-15).join('\n')}`));
        }, timeoutMs);
        const listener = (line: string) => {
          if (!pattern.test(line)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(line);
        };
        listeners.add(listener);
        child.once('exit', (code) => {
          if (!listeners.has(listener)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          reject(new Error(`${name} exited (${code}) before logging ${pattern}. Last lines:\n${lines.slice(-15).join('\n')}`));
        });
      });
    },
    kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => { clearTimeout(timer); resolve(); });
        child.kill(signal);
      });
    },
  };
}

/** Resolves once `url` + `path` answers 2xx (a started product, whatever its log level); throws after `timeoutMs`. */
export async function waitForHttp(url: string, path = '/api/catalog', timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await fetch(`${url}${path}`).catch(() => null))?.ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url}${path} did not answer within ${timeoutMs} ms`);
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
