import type { EventStore, Logger, SessionTokens } from '@app/platform';
import type { Clock, PostExecutor, Publishers, TokenVault } from '@app/platform/src/publishing';

export interface SocialDeps {
  eventStore: EventStore;
  tokens: SessionTokens;
  publishers: Publishers;
  vault: TokenVault;
  executor: PostExecutor;
  clock: Clock;
  logger: Logger;
  /** The origin used in OAuth redirect URIs. */
  publicUrl: string;
  /** Signs OAuth state (the token encryption key). */
  stateSecret: string;
}
