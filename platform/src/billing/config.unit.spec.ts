import { readEnv } from '../config/env';
import { ConfigError } from '../config/parse-env';
import { billingEnv } from './config';
import { planOfLookupKey, periodEndFrom, priceLookupKey } from './port';

const readBillingConfig = (env: Record<string, string>) => readEnv({ billing: billingEnv }, env).billing;

describe('billingEnv', () => {
  it('should default to the local checkout simulator without a Stripe key', () => {
    expect(readBillingConfig({})).toEqual({ provider: 'local' });
  });
  it('should pick Stripe when the key is set, with stripe-mock as API base', () => {
    expect(readBillingConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toEqual({
      provider: 'stripe',
      stripe: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc', apiBase: { host: '127.0.0.1', port: 12111, protocol: 'http' } },
    });
  });
  it('should stay local when asked, even with a key', () => {
    expect(readBillingConfig({ BILLING_PROVIDER: 'local', STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual({ provider: 'local' });
  });
  it('should list every problem at once and never echo the key', () => {
    let error: unknown;
    try {
      readBillingConfig({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_live_secretvalue', STRIPE_API_BASE: 'not a url' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('STRIPE_SECRET_KEY');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET is required');
    expect(message).toContain('STRIPE_API_BASE');
    expect(message).not.toContain('secretvalue');
  });
});

describe('Billing port helpers', () => {
  it('should name prices studio_<plan>_<period> and read them back', () => {
    expect(priceLookupKey('DAILY', 'annual')).toBe('studio_daily_annual');
    expect(planOfLookupKey('studio_hardcore_monthly')).toEqual({ plan: 'HARDCORE', period: 'monthly' });
    expect(planOfLookupKey('someone_elses_price')).toBeNull();
  });
  it('should end a period one calendar month or year later (UTC)', () => {
    expect(periodEndFrom(new Date('2026-11-22T10:00:00.000Z'), 'monthly').toISOString()).toBe('2026-12-22T10:00:00.000Z');
    expect(periodEndFrom(new Date('2026-11-22T10:00:00.000Z'), 'annual').toISOString()).toBe('2027-11-22T10:00:00.000Z');
  });
});
