import type { Logger } from '../logging/logger';
import type { BillingConfig } from './config';
import { LocalCheckout } from './local-checkout';
import type { BillingProvider, BillingWebhook } from './port';
import { StripeBilling } from './stripe';

export * from './port';
export * from './config';
export * from './stripe';
export * from './local-checkout';

export interface Billing {
  provider: BillingProvider;
  /** Stripe's webhook; null for the local simulator (it drives the same commands directly). */
  webhook: BillingWebhook | null;
  /** The simulator, when it is the provider (its pages need it). */
  local: LocalCheckout | null;
}

/** The billing adapter the configuration asks for; logs which one (never a key). */
export function openBilling(config: BillingConfig, logger?: Logger): Billing {
  if (config.provider === 'stripe') {
    const stripe = StripeBilling.fromConfig(config.stripe);
    logger?.info({ category: 'billing', provider: 'stripe', apiHost: config.stripe.apiBase?.host ?? 'api.stripe.com' }, 'Billing through Stripe');
    return { provider: stripe, webhook: stripe, local: null };
  }
  const local = new LocalCheckout();
  logger?.info({ category: 'billing', provider: 'local' }, 'Billing through the local checkout simulator (test mode, no real payment)');
  return { provider: local, webhook: null, local };
}
