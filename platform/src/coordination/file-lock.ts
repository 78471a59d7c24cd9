import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { holderIsGone, holderName } from './lease';

export interface FileLockOptions {
  /** A holder not heard from for this long (another machine on a shared disk) has lost the lock. Default 30 s. */
  ttlMs?: number;
  /** How often a waiter looks again. Default 200 ms. */
  pollMs?: number;
  signal?: AbortSignal;
  /** Told once when the lock is held by someone else and the caller starts waiting. */
  onWait?: (holder: string) => void;
  /**
   * Told, before `work` runs, when the lock was taken over from a holder that exited on this
   * machine (kill -9, a crash): what it left running can be stopped first.
   */
  onTakeOver?: (holder: string) => Promise<void> | void;
}

interface LockFile {
  holder: string;
  expiresAt: number;
}

async function readLock(path: string): Promise<LockFile | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as LockFile;
  } catch {
    return null;
  }
}

/**
 * Runs `work` while holding a lock file (one holder at a time among the processes sharing the
 * folder). The file is made with O_EXCL and renewed while `work` runs; a lock whose holder has
 * exited on this machine (kill -9) or stopped renewing it is taken over, by a rename checked
 * afterwards. A waiter polls until it is free.
 */
export async function withFileLock<T>(path: string, work: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const ttlMs = options.ttlMs ?? 30_000;
  const pollMs = options.pollMs ?? 200;
  const holder = holderName();
  const record = () => JSON.stringify({ holder, expiresAt: Date.now() + ttlMs } satisfies LockFile);
  let told = false;
  let takenFrom: string | null = null;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      await writeFile(path, record(), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = await readLock(path);
    const gone = current !== null && holderIsGone(current.holder);
    if (current === null || gone || current.expiresAt < Date.now()) {
      // Taken over whole (a rename), then read back: of two that take it at once, one keeps it.
      const mine = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await writeFile(mine, record());
      await rename(mine, path);
      if ((await readLock(path))?.holder === holder) {
        if (gone) takenFrom = current.holder;
        break;
      }
      continue;
    }
    if (!told) {
      told = true;
      options.onWait?.(current.holder);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const renew = setInterval(() => {
    void readLock(path).then((current) => (current?.holder === holder ? writeFile(path, record()) : undefined)).catch(() => undefined);
  }, Math.max(10, Math.floor(ttlMs / 3)));
  renew.unref();
  try {
    if (takenFrom !== null) await options.onTakeOver?.(takenFrom);
    return await work();
  } finally {
    clearInterval(renew);
    if ((await readLock(path))?.holder === holder) await rm(path, { force: true });
  }
}
