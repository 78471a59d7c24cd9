import { ART_STYLES, CAPTION_PRESET_IDS, PREVIEW_KEYS, VOICES } from '@app/domain';
import type { BlobStore } from '@app/platform';
import type { Logger } from '@app/platform';
import type { RenderWorkers } from './render-workers';

/**
 * Renders any missing voice, art-style and caption preset preview and stores it in the BlobStore, where the
 * query side serves it (`/api/voices/:id/preview`, `/api/art-styles/:id/preview`, `/api/caption-presets/:id/preview`). Idempotent:
 * previews already stored are left alone, except voice previews spoken by another engine than today's. Runs in the
 * background at worker start.
 */
export async function publishPreviews(workers: Pick<RenderWorkers, 'voicePreviews' | 'stylePreviews' | 'captionPreviews'>, blobs: BlobStore, logger: Logger, signal?: AbortSignal): Promise<number> {
  let published = 0;
  // Voice previews stored by another engine (espeak-ng before the neural voice was installed, or the
  // other way round) are spoken again: the engine that spoke them is kept beside them.
  const narrator = await workers.voicePreviews.narratorName();
  const stored = await readText(blobs, VOICE_PREVIEWS_NARRATOR_KEY);
  const voicesCurrent = stored === narrator;
  const jobs: Array<{ key: string; contentType: string; render: () => Promise<string | null>; replace?: boolean }> = [
    ...VOICES.map((v) => ({ key: PREVIEW_KEYS.voice(v.id), contentType: 'audio/mpeg', render: () => workers.voicePreviews.previewPath(v.id, signal), replace: !voicesCurrent })),
    ...ART_STYLES.map((s) => ({ key: PREVIEW_KEYS.artStyle(s.id), contentType: 'image/jpeg', render: () => workers.stylePreviews.previewPath(s.id, signal) })),
    ...CAPTION_PRESET_IDS.map((id) => ({ key: PREVIEW_KEYS.captionPreset(id), contentType: 'image/jpeg', render: () => workers.captionPreviews.previewPath(id, signal) })),
  ];
  let voiceFailures = 0;
  for (const job of jobs) {
    if (signal?.aborted) break;
    try {
      if (!job.replace && (await blobs.stat(job.key))) continue;
      const path = await job.render();
      if (!path) continue;
      await blobs.putFile(job.key, path, job.contentType);
      published += 1;
    } catch (error) {
      if (job.replace) voiceFailures += 1;
      logger.warn({ err: error, key: job.key, category: 'previews' }, 'Could not publish a preview');
    }
  }
  if (!voicesCurrent && voiceFailures === 0 && !signal?.aborted) await blobs.put(VOICE_PREVIEWS_NARRATOR_KEY, Buffer.from(narrator), 'text/plain');
  return published;
}

/** Beside the voice previews: the name of the engine that spoke them. */
const VOICE_PREVIEWS_NARRATOR_KEY = 'previews/voices-narrator';

async function readText(blobs: BlobStore, key: string): Promise<string | null> {
  if (!(await blobs.stat(key))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await blobs.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
