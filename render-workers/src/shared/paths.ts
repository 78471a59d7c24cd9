import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The first directory at or above `from` holding the monorepo's package-lock.json. */
function repoRootAbove(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package-lock.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

/** The monorepo root, whether this module runs from its source or from a service's built bundle. */
export const REPO_ROOT = repoRootAbove(__dirname);

/** Where infra/scripts/build-native.sh puts the espeak-timings helper (ESPEAK_TIMINGS_BIN names another). */
export function defaultEspeakHelperPath(): string | null {
  const candidate = join(REPO_ROOT, '.infra/bin/espeak-timings');
  return existsSync(candidate) ? candidate : null;
}

/** A caption font with Latin accents (Spanish/French), present after infra/scripts/setup-system.sh. */
export const CAPTION_FONT = 'DejaVu Sans';
