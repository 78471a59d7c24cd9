import { readdir, readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';

/**
 * Stops the programs still running that name `dir` (or a file in it) on their command line: what a
 * render killed with -9 left behind (its ffmpeg processes outlive it and keep encoding into a folder
 * the next attempt starts again). Read from /proc (Linux); elsewhere nothing is found. Returns the
 * process ids stopped. Only for a folder no live render uses (its lock was taken over from a holder
 * that exited).
 */
export async function stopProgramsUsing(dir: string): Promise<number[]> {
  const root = resolve(dir);
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return [];
  }
  const stopped: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let args: string[];
    try {
      args = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0');
    } catch {
      continue; // exited meanwhile, or not ours to read
    }
    if (!args.some((arg) => arg === root || arg.includes(root + sep))) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      stopped.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return stopped;
}
