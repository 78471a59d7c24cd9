import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CAPTION_PRESET_IDS, DEFAULT_CAPTION_STYLE, type CaptionPresetId } from '@app/domain';
import { DEFAULT_MEDIA_TOOLS, run, type MediaTools } from '../../shared/exec';
import { renderIllustration } from '../images/procedural';
import { buildAss } from './ass';
import { fileCache } from '../../shared/file-cache';

/** The words every preview shows, the third one being spoken. */
const SAMPLE = ['Every', 'word', 'lights', 'up', 'right', 'on', 'time.'];
const WORD_SECONDS = 0.4;
const SHOWN_AT = 2.5 * WORD_SECONDS;
const BACKDROP = 'a quiet forest lake under a starry night sky';

export interface CaptionPreviews {
  /** Path of the cached preview JPEG (rendered on first use); null for an unknown preset. */
  previewPath(presetId: string, signal?: AbortSignal): Promise<string | null>;
}

/** Caption preset previews for `/api/caption-presets/:id/preview`: one 360x640 frame per preset over the same picture. */
export function createCaptionPreviews(options: { cacheDir: string; tools?: MediaTools }): CaptionPreviews {
  const tools = options.tools ?? DEFAULT_MEDIA_TOOLS;
  const width = 360;
  const height = 640;
  const cached = fileCache(options.cacheDir);
  // Every preset is drawn over the same picture, made once.
  const backdropPath = (signal?: AbortSignal) => cached('backdrop.png', async (scratch) => {
    const png = join(scratch, 'backdrop.png');
    await renderIllustration({ description: BACKDROP, style: 'ghibli', width, height, seed: 'caption-preview', outPath: png }, signal, tools);
    return png;
  });
  return {
    async previewPath(presetId, signal) {
      if (!CAPTION_PRESET_IDS.includes(presetId as CaptionPresetId)) return null;
      return cached(`${presetId}.jpg`, async (scratch) => {
        const background = await backdropPath(signal);
        const words = SAMPLE.map((word, i) => ({ word, start: i * WORD_SECONDS, end: (i + 0.9) * WORD_SECONDS, line: 0 }));
        const assPath = join(scratch, 'captions.ass');
        await writeFile(assPath, buildAss(words, { width, height, aspectRatio: '9:16', style: { ...DEFAULT_CAPTION_STYLE, preset: presetId as CaptionPresetId, position: 'middle' } }));
        const jpeg = join(scratch, 'preview.jpg');
        await run(tools.ffmpeg, ['-v', 'error', '-y', '-loop', '1', '-framerate', '30', '-t', String(SAMPLE.length * WORD_SECONDS), '-i', background,
          '-vf', `ass='${assPath.replace(/'/g, "\\'")}'`, '-ss', SHOWN_AT.toFixed(2), '-frames:v', '1', '-q:v', '4', jpeg], { signal });
        return jpeg;
      });
    },
  };
}
