import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { withFileLock } from './file-lock';

const dir = mkdtempSync(join(tmpdir(), 'file-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const aLock = () => join(dir, `video-${++n}.lock`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Whether two holders ran one after the other, whichever took the lock first (their files are written at the same moment). */
const oneAfterTheOther = (log: string[]) => ['a in,a out,b in,b out', 'b in,b out,a in,a out'].includes(log.join(','));

describe('withFileLock', () => {
  it('should run two holders of one lock one after the other, and remove the file at the end', async () => {
    const path = aLock();
    const log: string[] = [];
    const waited: string[] = [];
    const holder = (name: string) => withFileLock(path, async () => {
      log.push(`${name} in`);
      await sleep(150);
      log.push(`${name} out`);
      return name;
    }, { pollMs: 20, onWait: (h) => waited.push(h) });
    expect(await Promise.all([holder('a'), holder('b')])).toEqual(['a', 'b']);
    expect(oneAfterTheOther(log)).toBe(true);
    expect(waited).toHaveLength(1);
    expect(existsSync(path)).toBe(false);
  });

  it('should release the lock when the work fails', async () => {
    const path = aLock();
    await expect(withFileLock(path, async () => { throw new Error('encoder crashed'); })).rejects.toThrow('encoder crashed');
    expect(existsSync(path)).toBe(false);
    expect(await withFileLock(path, async () => 'again')).toBe('again');
  });

  it('should take over at once a lock whose holder exited on this machine (kill -9)', async () => {
    const path = aLock();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(path, JSON.stringify({ holder: `${hostname()}:${gone}:dead`, expiresAt: Date.now() + 60_000 }));
    const started = Date.now();
    const told: string[] = [];
    expect(await withFileLock(path, async () => (told.push('work'), 'mine'), { onTakeOver: (holder) => void told.push(holder) })).toBe('mine');
    // Not after the minute its file still claims; told whose it was before the work runs.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(told).toEqual([`${hostname()}:${gone}:dead`, 'work']);
  });

  it('should not tell of a take-over for a free lock or one its holder (elsewhere) stopped renewing', async () => {
    const told: string[] = [];
    await withFileLock(aLock(), async () => undefined, { onTakeOver: (holder) => void told.push(holder) });
    const path = aLock();
    writeFileSync(path, JSON.stringify({ holder: 'other-host:1234:abcd', expiresAt: Date.now() - 1 }));
    await withFileLock(path, async () => undefined, { onTakeOver: (holder) => void told.push(holder) });
    expect(told).toEqual([]);
  });

  it('should take over a lock that its holder (on another machine) stopped renewing, and keep renewing its own', async () => {
    const path = aLock();
    writeFileSync(path, JSON.stringify({ holder: 'other-host:1234:abcd', expiresAt: Date.now() - 1 }));
    const renewed = await withFileLock(path, async () => {
      const before = JSON.parse(readFileSync(path, 'utf8')) as { expiresAt: number };
      await sleep(120);
      const after = JSON.parse(readFileSync(path, 'utf8')) as { holder: string; expiresAt: number };
      return { moved: after.expiresAt > before.expiresAt, holder: after.holder };
    }, { ttlMs: 90 });
    expect(renewed.moved).toBe(true);
    expect(renewed.holder.startsWith(`${hostname()}:${process.pid}:`)).toBe(true);
  });

  it('should stop waiting when its signal is aborted', async () => {
    const path = aLock();
    writeFileSync(path, JSON.stringify({ holder: 'other-host:1234:abcd', expiresAt: Date.now() + 60_000 }));
    const controller = new AbortController();
    const waiting = withFileLock(path, async () => 'never', { pollMs: 20, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('worker stopped')), 100);
    await expect(waiting).rejects.toThrow('worker stopped');
    expect(JSON.parse(readFileSync(path, 'utf8')).holder).toBe('other-host:1234:abcd');
  });

  it('should never let another reader see its lock file half-written, from its creation through every renewal', async () => {
    const path = aLock();
    let reads = 0;
    const torn: string[] = [];
    let holding = true;
    // Another process's view: read over and over while the file is made and renewed every 10 ms.
    const reader = (async () => {
      while (holding) {
        const text = await readFile(path, 'utf8').catch(() => null);
        if (text === null) continue;
        reads++;
        try {
          JSON.parse(text);
        } catch {
          torn.push(text);
        }
      }
    })();
    await withFileLock(path, () => sleep(600), { ttlMs: 30 });
    holding = false;
    await reader;
    expect(reads).toBeGreaterThan(50);
    expect(torn).toEqual([]);
    // No file of its own left beside the lock.
    expect(readdirSync(dir).filter((name) => name.startsWith(`${path.split('/').pop()}.`))).toEqual([]);
  });

  it('should still hold one holder at a time on a file system without hard links', async () => {
    // The module's own fs/promises (an `import * as` here would be a copy of it).
    const noLinks = jest.spyOn(jest.requireActual<typeof import('node:fs/promises')>('node:fs/promises'), 'link').mockRejectedValue(Object.assign(new Error('operation not permitted'), { code: 'EPERM' }));
    try {
      const path = aLock();
      const log: string[] = [];
      const holder = (name: string) => withFileLock(path, async () => {
        log.push(`${name} in`);
        await sleep(100);
        log.push(`${name} out`);
      }, { pollMs: 20 });
      await Promise.all([holder('a'), holder('b')]);
      expect(oneAfterTheOther(log)).toBe(true);
      expect(noLinks).toHaveBeenCalled();
    } finally {
      noLinks.mockRestore();
    }
  });

  it('should wait for a lock file it cannot read while it is younger than the lock time, and take over an older one', async () => {
    const path = aLock();
    writeFileSync(path, '');
    const controller = new AbortController();
    const ran: string[] = [];
    const waiting = withFileLock(path, async () => void ran.push('work'), { pollMs: 20, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('gave up')), 150);
    await expect(waiting).rejects.toThrow('gave up');
    expect(ran).toEqual([]);

    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(path, longAgo, longAgo);
    expect(await withFileLock(path, async () => 'mine', { pollMs: 20 })).toBe('mine');
  });
});
