import type { EventStore } from '@app/platform/src/event-store/port';
import type { Logger } from '@app/platform/src/logging/logger';
import type { SessionTokens } from '@app/platform/src/security/tokens';
import type { Billing } from '@app/platform/src/billing';

export interface BillingDeps {
  eventStore: EventStore;
  tokens: SessionTokens;
  billing: Billing;
  logger: Logger;
  /** Absolute origin Stripe sends the browser back to (PUBLIC_URL). The simulator uses same-origin paths. */
  publicUrl: string;
  /** The clock (tests inject one for period ends). */
  now?: () => Date;
}
