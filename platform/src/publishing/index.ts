import type { BlobStore } from '../blob-store/port';
import type { DocumentStore } from '../document-store/port';
import type { EventStore } from '../event-store/port';
import type { Logger } from '../logging/logger';
import { signPath } from '../security/signing';
import type { Clock } from './clock';
import { readPublishingConfig } from './config';
import { InstagramPublisher } from './instagram';
import { PostExecutor } from './post-executor';
import type { Publishers } from './port';
import { SandboxPublisher } from './sandbox';
import { TikTokPublisher } from './tiktok';
import { TokenVault } from './token-vault';
import { YouTubePublisher } from './youtube';

export * from './port';
export * from './clock';
export * from './config';
export * from './token-vault';
export * from './sandbox';
export * from './post-executor';
export * from './youtube';
export * from './tiktok';
export * from './instagram';

export interface Publishing {
  publishers: Publishers;
  vault: TokenVault;
  executor: PostExecutor;
  /** True when at least one platform uses the sandbox (mount its pages). */
  sandbox: boolean;
}

/** Signed media URLs stay valid long enough for a platform to fetch the video (Instagram, TikTok pull). */
export const PUBLISH_MEDIA_URL_TTL_SECONDS = 6 * 3600;

/** Publishers per platform (live when configured, sandbox otherwise), the token vault and the post executor. */
export function openPublishing(input: {
  env: Record<string, string | undefined>;
  eventStore: EventStore;
  docs: DocumentStore;
  blobs: BlobStore;
  logger: Logger;
  clock: Clock;
  publicUrl: string;
  mediaSigningKey: string;
  tokenEncryptionKey: string;
}): Publishing {
  const config = readPublishingConfig(input.env);
  const sandboxDeps = { docs: input.docs, blobs: input.blobs };
  const publishers: Publishers = {
    youtube: config.youtube ? new YouTubePublisher(config.youtube) : new SandboxPublisher('youtube', sandboxDeps),
    tiktok: config.tiktok ? new TikTokPublisher(config.tiktok) : new SandboxPublisher('tiktok', sandboxDeps),
    instagram: config.instagram ? new InstagramPublisher(config.instagram) : new SandboxPublisher('instagram', sandboxDeps),
  };
  const vault = new TokenVault(input.docs, input.tokenEncryptionKey);
  const executor = new PostExecutor({
    eventStore: input.eventStore, blobs: input.blobs, publishers, vault, clock: input.clock, logger: input.logger,
    mediaUrl: (videoId) => `${input.publicUrl}${signPath(input.mediaSigningKey, `/api/video/stream/${videoId}`, Math.floor(Date.now() / 1000) + PUBLISH_MEDIA_URL_TTL_SECONDS)}`,
  });
  return { publishers, vault, executor, sandbox: Object.values(publishers).some((p) => p.mode === 'sandbox') };
}
export * from './content';
