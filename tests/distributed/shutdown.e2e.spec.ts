import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startService, type ServiceProcess } from '../support/processes';

jest.setTimeout(180_000);

const root = join(__dirname, '../..');
/** Every service must be gone this long after SIGTERM, whatever it was doing. */
const DEADLINE_MS = 10_000;

const SERVICES = [
  { name: 'command-api', workspace: 'command-api', main: 'main.ts', http: true },
  { name: 'query-api', workspace: 'query-api', main: 'main.ts', http: true },
  { name: 'projectors', workspace: 'projectors', main: 'main.ts', http: false },
  { name: 'render-workers', workspace: 'render-workers', main: 'main.ts', http: false },
  { name: 'autopilot', workspace: 'command-api', main: 'autopilot-main.ts', http: false },
  { name: 'studio', workspace: 'gateway', main: 'main.ts', http: true },
] as const;

const dirs: string[] = [];
const envFor = async (http: boolean): Promise<Record<string, string>> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
  dirs.push(dataDir);
  return { DATA_DIR: dataDir, LOG_LEVEL: 'info', BCRYPT_COST: '4', RENDER_PRESET: 'ultrafast', ...(http ? { PORT: String(await freePort()) } : {}) };
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Milliseconds from `signal` until the process is gone. */
async function timeToExit(service: ServiceProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number> {
  const started = Date.now();
  const exited = new Promise<void>((resolve) => {
    if (service.child.exitCode !== null || service.child.signalCode !== null) resolve();
    service.child.once('exit', () => resolve());
  });
  service.child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 2))]);
  const ms = Date.now() - started;
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGKILL');
  return ms;
}

describe('When a service is told to stop', () => {
  describe.each(SERVICES)('$name', ({ name, workspace, main, http }) => {
    it('should exit within 10 s of SIGTERM, with code 0', async () => {
      const service = startService(name, workspace, await envFor(http), main);
      await service.waitForLine(new RegExp(`"${name} ready"`), 90_000);
      expect(await timeToExit(service)).toBeLessThan(DEADLINE_MS);
      expect(service.child.exitCode).toBe(0);
    });

    it('should exit within 10 s when nobody reads its output any more', async () => {
      const service = startService(name, workspace, await envFor(http), main);
      await service.waitForLine(new RegExp(`"${name} ready"`), 90_000);
      // The reader of its stdout and stderr goes away: every line it writes from now on fails.
      service.child.stdout!.destroy();
      service.child.stderr!.destroy();
      expect(await timeToExit(service)).toBeLessThan(DEADLINE_MS);
    });
  });

  it('should exit within 10 s when the process that started it has exited (an orphan writing to a closed pipe)', async () => {
    const env = await envFor(true);
    // A launcher starts the product with its output piped to itself, prints the pid, and is killed.
    const launcher = spawn(process.execPath, ['-e', `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, ['--import', 'tsx', ${JSON.stringify(join(root, 'gateway/src/main.ts'))}], { cwd: ${JSON.stringify(root)}, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      child.stdout.on('data', (d) => { if (String(d).includes('"studio ready"')) process.stdout.write('PID ' + child.pid + '\\n'); });
    `], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the product did not start')), 90_000);
      launcher.stdout!.on('data', (d: Buffer) => {
        const match = /PID (\d+)/.exec(d.toString());
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    launcher.kill('SIGKILL');
    await new Promise((resolve) => launcher.once('exit', resolve));
    // Make the orphan write: requests log a line each.
    const port = Number(env.PORT);
    for (let i = 0; i < 20; i++) await fetch(`http://127.0.0.1:${port}/api/nothing-${i}`).catch(() => undefined);

    const started = Date.now();
    process.kill(pid, 'SIGTERM');
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    while (alive() && Date.now() - started < DEADLINE_MS * 2) await new Promise((resolve) => setTimeout(resolve, 100));
    const ms = Date.now() - started;
    if (alive()) process.kill(pid, 'SIGKILL');
    expect(ms).toBeLessThan(DEADLINE_MS);
  });
});
