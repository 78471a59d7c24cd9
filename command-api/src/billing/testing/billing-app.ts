import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import express from 'express';
import Stripe from 'stripe';
import {
  ART_STYLE_IDS, DURATION_MAXIMA, LANGUAGE_IDS, VOICE_IDS, subscriptionDecider, subscriptionStreamId, userDecider, userStreamId,
  type SubscriptionState,
} from '@app/domain';
import {
  LocalCheckout, SessionTokens, StripeBilling, commandMetadata, createLogger, createStripeClient, errorMiddleware, handle, loadState, openSqliteEventStore,
  routerFor, type Billing, type EventStore,
} from '@app/platform';
import { videoHandlers } from '../../video/handlers';
import { billingHandlers, billingWebhookHandlers, localCheckoutHandlers } from '../handlers';

export const WEBHOOK_SECRET = 'whsec_test_secret_for_signed_deliveries';
export const PUBLIC_URL = 'http://studio.test';

export interface BillingApp {
  app: express.Express;
  store: EventStore;
  tokens: SessionTokens;
  billing: Billing;
  /** The app's clock: tests move it to reach period ends. */
  clock: { now: Date; advance(ms: number): void; set(iso: string): void };
  logs: () => string;
  /** A registered user and their bearer token. */
  aUser(): Promise<{ userId: string; token: string; email: string }>;
  subscription(userId: string): Promise<SubscriptionState>;
  close(): Promise<void>;
}

/**
 * The billing routes on a real express app, mounted from the route table as command-api mounts
 * them, with the real SQLite event store (in memory), real session tokens and either
 * adapter: the local checkout simulator, or Stripe (stripe-mock when `stripeApiBase` is given;
 * webhook translation needs no network).
 */
export function createBillingApp(options: { provider: 'local' | 'stripe'; stripeApiBase?: string; start?: Date } = { provider: 'local' }): BillingApp {
  const store = openSqliteEventStore({ file: ':memory:' });
  const tokens = new SessionTokens('test-secret-that-is-at-least-32-characters-long', 3600);
  const clock = {
    // Starts at the real time (whole seconds): the video routes use the real clock.
    now: options.start ?? new Date(Math.floor(Date.now() / 1000) * 1000),
    advance(ms: number) { this.now = new Date(this.now.getTime() + ms); },
    set(iso: string) { this.now = new Date(iso); },
  };
  const now = () => clock.now;
  let lines = '';
  const logger = createLogger('command-api', {
    level: 'debug',
    destination: new Writable({ write(chunk, _e, cb) { lines += chunk.toString(); cb(); } }),
  });
  let billing: Billing;
  if (options.provider === 'stripe') {
    const base = options.stripeApiBase ? new URL(options.stripeApiBase) : new URL('http://127.0.0.1:9');
    const stripe = new StripeBilling(createStripeClient({
      secretKey: 'sk_test_123',
      apiBase: { host: base.hostname, port: Number(base.port || 80), protocol: base.protocol === 'https:' ? 'https' : 'http' },
    }), WEBHOOK_SECRET);
    billing = { provider: stripe, webhook: stripe, local: null };
  } else {
    const local = new LocalCheckout({ now });
    billing = { provider: local, webhook: null, local };
  }
  const deps = { eventStore: store, billing, logger, publicUrl: PUBLIC_URL, now };
  const app = express();
  app.use(routerFor({
    ...billingWebhookHandlers(deps),
    ...billingHandlers(deps),
    ...videoHandlers({ eventStore: store }),
    ...localCheckoutHandlers(deps),
  }, { tokens }));
  app.use(errorMiddleware(logger));

  return {
    app, store, tokens, billing, clock,
    logs: () => lines,
    async aUser() {
      const userId = randomUUID();
      const email = `user-${userId.slice(0, 8)}@example.com`;
      await handle(store, userStreamId(userId), userDecider, {
        type: 'RegisterUser',
        data: { userId, name: 'Ada Lovelace', email, passwordHash: null, googleId: null, fpr: null },
        metadata: commandMetadata({ userId, now: clock.now }),
      });
      return { userId, token: tokens.issue(userId), email };
    },
    async subscription(userId) {
      return (await loadState(store, subscriptionStreamId(userId), subscriptionDecider)).state;
    },
    close: () => store.close(),
  };
}

/** A valid generate-video body. */
export const aGenerateVideoBody = () => ({
  topic: 'Fun Facts', duration: DURATION_MAXIMA[0], style: ART_STYLE_IDS[0], voiceid: VOICE_IDS[0], aspectRatio: '9:16', language: LANGUAGE_IDS[0],
});

// ---- Stripe payload builders (the shapes of API version 2025-10-29.clover) ----

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export interface SubscriptionFixture {
  id?: string;
  userId: string;
  customer?: string;
  lookupKey?: string;
  status?: Stripe.Subscription.Status;
  currentPeriodEnd: string;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
}

export function aStripeSubscription(f: SubscriptionFixture): Record<string, unknown> {
  const id = f.id ?? 'sub_1';
  return {
    id,
    object: 'subscription',
    customer: f.customer ?? 'cus_1',
    status: f.status ?? 'active',
    cancel_at_period_end: f.cancelAtPeriodEnd ?? false,
    metadata: f.metadata ?? { userId: f.userId },
    items: {
      object: 'list',
      data: [{
        id: `si_${id}`,
        object: 'subscription_item',
        current_period_start: unix(f.currentPeriodEnd) - 30 * 86400,
        current_period_end: unix(f.currentPeriodEnd),
        price: { id: `price_${f.lookupKey ?? 'studio_daily_monthly'}`, object: 'price', lookup_key: f.lookupKey ?? 'studio_daily_monthly', metadata: {} },
      }],
    },
  };
}

export function anInvoice(f: { userId: string; subscription?: string; customer?: string; periodEnd: string }): Record<string, unknown> {
  return {
    id: `in_${randomUUID().slice(0, 8)}`,
    object: 'invoice',
    customer: f.customer ?? 'cus_1',
    parent: { type: 'subscription_details', subscription_details: { subscription: f.subscription ?? 'sub_1', metadata: { userId: f.userId } } },
    lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start: unix(f.periodEnd) - 30 * 86400, end: unix(f.periodEnd) } }] },
  };
}

let eventCounter = 0;
export function aStripeEvent(type: string, object: Record<string, unknown>, options: { id?: string; created?: string } = {}): { id: string; payload: string } {
  const id = options.id ?? `evt_${Date.now().toString(36)}_${++eventCounter}`;
  const event = { id, object: 'event', api_version: '2025-10-29.clover', created: unix(options.created ?? '2026-11-22T10:00:00.000Z'), type, data: { object }, livemode: false };
  return { id, payload: JSON.stringify(event) };
}

/** The Stripe-Signature header Stripe would send for this payload. */
export const signatureFor = (payload: string, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
