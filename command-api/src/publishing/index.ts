import { openPublishing, signPath, type Clock, type Infra, type PublishingConfig, type Publishing } from '@app/platform';
import { PostExecutor } from './post-executor';

export { PostExecutor } from './post-executor';

/** Signed media URLs stay valid long enough for a platform to fetch the video (Instagram, TikTok pull). */
export const PUBLISH_MEDIA_URL_TTL_SECONDS = 6 * 3600;

export interface Posting extends Publishing {
  executor: PostExecutor;
}

/**
 * The publishers (live when configured, sandbox otherwise), the token vault and the post
 * executor: what both the upload routes and the autopilot post with.
 */
export function openPosting(input: { infra: Infra; config: PublishingConfig; clock: Clock; publicUrl: string }): Posting {
  const { infra } = input;
  const publishing = openPublishing({ config: input.config, docs: infra.docs, blobs: infra.blobs, tokenEncryptionKey: infra.secrets.tokenEncryption });
  const executor = new PostExecutor({
    eventStore: infra.eventStore, blobs: infra.blobs, publishers: publishing.publishers, vault: publishing.vault, clock: input.clock, logger: infra.logger,
    mediaUrl: (videoId) => `${input.publicUrl}${signPath(infra.secrets.mediaSigning, `/api/video/stream/${videoId}`, Math.floor(input.clock.now().getTime() / 1000) + PUBLISH_MEDIA_URL_TTL_SECONDS)}`,
  });
  return { ...publishing, executor };
}
