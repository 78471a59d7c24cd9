import { join } from 'node:path';
import { findArtStyle } from '@app/domain';
import type { MediaTools } from '../../shared/exec';
import { fileCache } from '../../shared/file-cache';
import { renderIllustration, subjectsOfDescription } from './procedural';

/** The scene every style preview shows, so the previews compare styles, not subjects. */
const STYLE_PREVIEW_SCENE = 'a small fox on a hill by a lighthouse at sunset over the sea, birds in the sky';

export interface StylePreviews {
  /** Path of the cached preview JPEG (rendered on first use); null for an unknown style. */
  previewPath(styleId: string, signal?: AbortSignal): Promise<string | null>;
}

/** Art-style previews for `/api/art-styles/:id/preview`: 480x854 JPEGs cached on disk. */
export function createStylePreviews(options: { cacheDir: string; width?: number; height?: number; tools?: MediaTools }): StylePreviews {
  const cached = fileCache(options.cacheDir);
  return {
    async previewPath(styleId, signal) {
      if (!findArtStyle(styleId)) return null;
      return cached(`${styleId}.jpg`, async (scratch) => {
        const jpeg = join(scratch, 'preview.jpg');
        await renderIllustration({ description: STYLE_PREVIEW_SCENE, style: styleId, width: options.width ?? 480, height: options.height ?? 854, seed: 'style-preview', outPath: jpeg, subjects: subjectsOfDescription(STYLE_PREVIEW_SCENE) }, signal, options.tools);
        return jpeg;
      });
    },
  };
}
