import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { findArtStyle } from '@app/domain';
import type { MediaTools } from '../../shared/exec';
import { renderIllustration } from './procedural';

/** The scene every style preview shows, so the previews compare styles, not subjects. */
const STYLE_PREVIEW_SCENE = 'a small fox on a hill by a lighthouse at sunset over the sea, birds in the sky';

export interface StylePreviews {
  /** Path of the cached preview JPEG (rendered on first use); null for an unknown style. */
  previewPath(styleId: string, signal?: AbortSignal): Promise<string | null>;
}

/** Art-style previews for `/api/art-styles/:id/preview`: 480x854 JPEGs cached on disk. */
export function createStylePreviews(options: { cacheDir: string; width?: number; height?: number; tools?: MediaTools }): StylePreviews {
  const pending = new Map<string, Promise<string>>();
  return {
    async previewPath(styleId, signal) {
      if (!findArtStyle(styleId)) return null;
      const target = join(options.cacheDir, `${styleId}.jpg`);
      if (existsSync(target)) return target;
      let job = pending.get(styleId);
      if (!job) {
        job = (async () => {
          await mkdir(options.cacheDir, { recursive: true });
          const tmp = join(options.cacheDir, `.tmp-${styleId}-${process.pid}.jpg`);
          await renderIllustration({ description: STYLE_PREVIEW_SCENE, style: styleId, width: options.width ?? 480, height: options.height ?? 854, seed: 'style-preview', outPath: tmp }, signal, options.tools);
          await rename(tmp, target);
          return target;
        })().finally(() => pending.delete(styleId));
        pending.set(styleId, job);
      }
      return job;
    },
  };
}
