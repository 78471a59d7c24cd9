import type { Billing, EventStore, Logger } from '@app/platform';

export interface BillingDeps {
  eventStore: EventStore;
  billing: Billing;
  logger: Logger;
  /** Absolute origin Stripe sends the browser back to (PUBLIC_URL). The simulator uses same-origin paths. */
  publicUrl: string;
  /** The clock (tests inject one for period ends). */
  now?: () => Date;
}
