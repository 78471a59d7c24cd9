import { link, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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

/**
 * The lock file's record; null when there is none. A file that cannot be read as one (not written
 * by this code, which only ever puts whole files in place) stands for a holder unknown, whose lock
 * runs out `ttlMs` after the file was last written.
 */
async function readLock(path: string, ttlMs: number): Promise<LockFile | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const lock = JSON.parse(text) as LockFile;
    if (typeof lock.holder === 'string' && typeof lock.expiresAt === 'number') return lock;
  } catch {
    /* below */
  }
  const written = await stat(path).then((s) => s.mtimeMs, () => 0);
  return { holder: 'unknown', expiresAt: written + ttlMs };
}

/** A file of the folder's, written beside `path` under a name of its own (then put in place whole). */
async function writeBeside(path: string, text: string): Promise<string> {
  const mine = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(mine, text);
  return mine;
}

/**
 * Creates `path` with `text`, whole, unless it exists (a hard link fails then): no reader sees it
 * empty. On a file system without hard links, an exclusive create and a write (a reader may then
 * see it empty for a moment, and waits: readLock).
 */
async function createWhole(path: string, text: string): Promise<boolean> {
  const mine = await writeBeside(path, text);
  try {
    await link(mine, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    return writeFile(path, text, { flag: 'wx' }).then(
      () => true,
      (create: NodeJS.ErrnoException) => {
        if (create.code === 'EEXIST') return false;
        throw create;
      },
    );
  } finally {
    await rm(mine, { force: true });
  }
}

/** Replaces `path` with `text`, whole (a rename): a reader sees the old record or the new one, never a part. */
async function replaceWhole(path: string, text: string): Promise<void> {
  await rename(await writeBeside(path, text), path);
}

/**
 * Runs `work` while holding a lock file (one holder at a time among the processes sharing the
 * folder). The file is created whole (a hard link, which fails if it exists) and renewed while
 * `work` runs, each time replaced whole (a rename): another process never reads it half-written,
 * which it would take for a free lock. A lock whose holder has exited on this machine (kill -9) or
 * stopped renewing it is taken over, by a rename checked afterwards. A waiter polls until it is free.
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
    if (await createWhole(path, record())) break;
    const current = await readLock(path, ttlMs);
    // Released since: try to create it again.
    if (current === null) continue;
    const gone = holderIsGone(current.holder);
    if (gone || current.expiresAt < Date.now()) {
      // Taken over whole (a rename), then read back: of two that take it at once, one keeps it.
      await replaceWhole(path, record());
      if ((await readLock(path, ttlMs))?.holder === holder) {
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
    void readLock(path, ttlMs).then((current) => (current?.holder === holder ? replaceWhole(path, record()) : undefined)).catch(() => undefined);
  }, Math.max(10, Math.floor(ttlMs / 3)));
  renew.unref();
  try {
    if (takenFrom !== null) await options.onTakeOver?.(takenFrom);
    return await work();
  } finally {
    clearInterval(renew);
    if ((await readLock(path, ttlMs).catch(() => null))?.holder === holder) await rm(path, { force: true });
  }
}
