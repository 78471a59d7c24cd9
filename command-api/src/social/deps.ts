import type { Clock, EventStore, Logger, Publishers, TokenVault } from '@app/platform';
import type { PostExecutor } from '../publishing/post-executor';

export interface SocialDeps {
  eventStore: EventStore;
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
