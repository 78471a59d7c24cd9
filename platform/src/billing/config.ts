import { z } from 'zod';
import { envPart } from '../config/env';

const shape = {
  BILLING_PROVIDER: z.enum(['stripe', 'local'], { error: 'BILLING_PROVIDER must be stripe or local' }).optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_/, { error: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_..., sk_live_...)' }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', { error: 'STRIPE_WEBHOOK_SECRET must start with whsec_' }).optional(),
  STRIPE_API_BASE: z.url({ error: 'STRIPE_API_BASE must be an absolute URL (e.g. http://127.0.0.1:12111 for stripe-mock)' }).optional(),
};

export interface StripeApiBase {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (stripe-mock); null for api.stripe.com. */
  apiBase: StripeApiBase | null;
}

export type BillingConfig = { provider: 'local' } | { provider: 'stripe'; stripe: StripeConfig };

/** Stripe when its key is set (or BILLING_PROVIDER=stripe), else the offline checkout simulator. Keys are never logged. */
export const billingEnv = envPart({
  shape,
  check(env, ctx) {
    const provider = env.BILLING_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'local');
    if (provider !== 'stripe') return;
    if (!env.STRIPE_SECRET_KEY) ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'STRIPE_SECRET_KEY is required when BILLING_PROVIDER is stripe' });
    if (!env.STRIPE_WEBHOOK_SECRET) ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'STRIPE_WEBHOOK_SECRET is required when BILLING_PROVIDER is stripe' });
  },
  build(e): BillingConfig {
    const provider = e.BILLING_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'local');
    if (provider === 'local' || !e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) return { provider: 'local' };
    return { provider: 'stripe', stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE ? apiBaseOf(e.STRIPE_API_BASE) : null } };
  },
});

export function apiBaseOf(url: string): StripeApiBase {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}
