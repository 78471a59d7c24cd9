import { ART_STYLES, PREVIEW_KEYS, VOICES } from '@app/domain';
import type { BlobStore } from '@app/platform';
import type { Logger } from '@app/platform';
import type { RenderWorkers } from './render-workers';

/**
 * Renders any missing voice and art-style preview and stores it in the BlobStore, where the
 * query side serves it (`/api/voices/:id/preview`, `/api/art-styles/:id/preview`). Idempotent:
 * previews already stored are left alone. Runs in the background at worker start.
 */
export async function publishPreviews(workers: Pick<RenderWorkers, 'voicePreviews' | 'stylePreviews'>, blobs: BlobStore, logger: Logger, signal?: AbortSignal): Promise<number> {
  let published = 0;
  const jobs: Array<{ key: string; contentType: string; render: () => Promise<string | null> }> = [
    ...VOICES.map((v) => ({ key: PREVIEW_KEYS.voice(v.id), contentType: 'audio/mpeg', render: () => workers.voicePreviews.previewPath(v.id, signal) })),
    ...ART_STYLES.map((s) => ({ key: PREVIEW_KEYS.artStyle(s.id), contentType: 'image/jpeg', render: () => workers.stylePreviews.previewPath(s.id, signal) })),
  ];
  for (const job of jobs) {
    if (signal?.aborted) break;
    try {
      if (await blobs.stat(job.key)) continue;
      const path = await job.render();
      if (!path) continue;
      await blobs.putFile(job.key, path, job.contentType);
      published += 1;
    } catch (error) {
      logger.warn({ err: error, key: job.key, category: 'previews' }, 'Could not publish a preview');
    }
  }
  return published;
}
