import type { BlobStore } from '../blob-store/port';
import type { DocumentStore } from '../document-store/port';
import type { PublishingConfig } from './config';
import { InstagramPublisher } from './instagram';
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
export * from './youtube';
export * from './tiktok';
export * from './instagram';

export interface Publishing {
  publishers: Publishers;
  vault: TokenVault;
  /** True when at least one platform uses the sandbox (serve its pages). */
  sandbox: boolean;
}

/** Publishers per platform (live when configured, sandbox otherwise) and the token vault. */
export function openPublishing(input: {
  config: PublishingConfig;
  docs: DocumentStore;
  blobs: BlobStore;
  tokenEncryptionKey: string;
}): Publishing {
  const { config } = input;
  const sandboxDeps = { docs: input.docs, blobs: input.blobs };
  const publishers: Publishers = {
    youtube: config.youtube ? new YouTubePublisher(config.youtube) : new SandboxPublisher('youtube', sandboxDeps),
    tiktok: config.tiktok ? new TikTokPublisher(config.tiktok) : new SandboxPublisher('tiktok', sandboxDeps),
    instagram: config.instagram ? new InstagramPublisher(config.instagram) : new SandboxPublisher('instagram', sandboxDeps),
  };
  const vault = new TokenVault(input.docs, input.tokenEncryptionKey);
  return { publishers, vault, sandbox: Object.values(publishers).some((p) => p.mode === 'sandbox') };
}
export * from './content';
