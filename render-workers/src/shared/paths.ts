import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The monorepo root (render-workers/src/shared -> ../../..). */
export const REPO_ROOT = resolve(__dirname, '../../..');

/** Where infra/scripts/build-native.sh puts the espeak-timings helper (ESPEAK_TIMINGS_BIN names another). */
export function defaultEspeakHelperPath(): string | null {
  const candidate = join(REPO_ROOT, '.infra/bin/espeak-timings');
  return existsSync(candidate) ? candidate : null;
}

/** A caption font with Latin accents (Spanish/French), present after infra/scripts/setup-system.sh. */
export const CAPTION_FONT = 'DejaVu Sans';
