import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Files made once and kept on disk (the catalogue's previews): the first caller makes the file
 * in a private scratch dir and moves it into place whole, callers meanwhile share that one job,
 * and later ones read the file that is there.
 */
export function fileCache(cacheDir: string) {
  const pending = new Map<string, Promise<string>>();
  return (fileName: string, make: (scratch: string) => Promise<string>): Promise<string> => {
    const target = join(cacheDir, fileName);
    if (existsSync(target)) return Promise.resolve(target);
    let job = pending.get(fileName);
    if (!job) {
      job = (async () => {
        const scratch = join(cacheDir, `.tmp-${fileName}-${process.pid}-${Date.now()}`);
        try {
          await mkdir(scratch, { recursive: true });
          const made = await make(scratch);
          await rename(made, target);
          return target;
        } finally {
          await rm(scratch, { recursive: true, force: true });
        }
      })().finally(() => pending.delete(fileName));
      pending.set(fileName, job);
    }
    return job;
  };
}
