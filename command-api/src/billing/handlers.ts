import type { Response } from 'express';
import {
  ENTITLEMENT_MESSAGES, NotFoundError, ValidationError, effectivePlan, subscriptionDecider, subscriptionStreamId, userDecider, userStreamId,
  type SubscriptionCommand, type SubscriptionState,
} from '@app/domain';
import {
  WebhookSignatureError, commandMetadata, currentUserId, handle, loadState, localSubscriptionId, periodEndFrom, type BillingEvent, type HandlersOf,
  type LocalSession,
} from '@app/platform';
import { applyBillingEvent } from './apply-billing-event';
import type { BillingDeps } from './deps';
import { renderCheckoutPage, renderExpiredPage, renderPortalPage } from './local-checkout-pages';

export type { BillingDeps } from './deps';

/**
 * POST /api/billing/create-checkout-session, /update-payment, /cancel-subscription (bearer).
 */
export function billingHandlers(deps: BillingDeps): HandlersOf<'createCheckoutSession' | 'updatePayment' | 'cancelSubscription'> {
  const { eventStore, billing } = deps;
  const provider = billing.provider;
  const clock = deps.now ?? (() => new Date());
  // Stripe needs absolute return URLs; the simulator stays on whatever origin served the page.
  const origin = provider.kind === 'local' ? '' : deps.publicUrl.replace(/\/$/, '');

  return {
    createCheckoutSession: async (req, res) => {
      const userId = currentUserId(req);
      const { planId, period } = req.body;
      const now = clock();
      const streamId = subscriptionStreamId(userId);
      const { state } = await loadState(eventStore, streamId, subscriptionDecider);

      if (state.subscriptionId && state.status !== 'canceled' && effectivePlan(state, now.toISOString()) !== 'FREE') {
        // A subscriber choosing another plan: it applies from the next billing cycle (spec section 9).
        // The provider is told first (the decider is asked beforehand, so a refused change never
        // reaches it); the period stays the one paid for.
        if (state.cancelAtPeriodEnd) throw new ValidationError('Your subscription ends at the end of this period; choose a new plan after it ends');
        const command: SubscriptionCommand = { type: 'ChangePlan', data: { plan: planId }, metadata: commandMetadata({ userId, correlationId: req.correlationId, now }) };
        if (subscriptionDecider.decide(command, state).length > 0) {
          await provider.schedulePlanChange({ userId, subscriptionId: state.subscriptionId, plan: planId, period: state.period ?? period });
        }
        const { position } = await handle(eventStore, streamId, subscriptionDecider, command);
        res.json({ url: '/dashboard/billing?plan=scheduled', position, scheduled: true });
        return;
      }

      const { state: user } = await loadState(eventStore, userStreamId(userId), userDecider);
      if (user.status !== 'registered') throw new NotFoundError('User not found');
      const session = await provider.createCheckoutSession({
        userId,
        email: user.email,
        plan: planId,
        period,
        customerId: state.customerId,
        successUrl: `${origin}/dashboard/billing?checkout=success`,
        cancelUrl: `${origin}/dashboard/billing?checkout=cancel`,
      });
      deps.logger.info({ category: 'billing', userId, plan: planId, period, provider: provider.kind }, 'Checkout session created');
      res.json({ url: session.url });
    },

    updatePayment: async (req, res) => {
      const userId = currentUserId(req);
      const { state } = await loadState(eventStore, subscriptionStreamId(userId), subscriptionDecider);
      if (state.status === 'none' || !state.customerId) throw new ValidationError(ENTITLEMENT_MESSAGES.noSubscription);
      const { url } = await provider.createPortalSession({ userId, customerId: state.customerId, returnUrl: `${origin}/dashboard/billing` });
      res.json({ url });
    },

    cancelSubscription: async (req, res) => {
      const userId = currentUserId(req);
      const now = clock();
      const streamId = subscriptionStreamId(userId);
      const { state } = await loadState(eventStore, streamId, subscriptionDecider);
      const command: SubscriptionCommand = { type: 'CancelSubscription', data: {}, metadata: commandMetadata({ userId, correlationId: req.correlationId, now }) };
      // Refusals (no subscription) answer before the provider is called; access lasts to the period end.
      if (subscriptionDecider.decide(command, state).length > 0 && state.subscriptionId) {
        await provider.cancelAtPeriodEnd({ userId, subscriptionId: state.subscriptionId });
      }
      const { position } = await handle(eventStore, streamId, subscriptionDecider, command);
      res.json({ success: true, position });
    },
  };
}

/**
 * POST /api/billing/webhook: Stripe's signed deliveries, read as the RAW body (the signature
 * covers the exact bytes). Answers 400 to a bad signature, 200 once every event is recorded (or
 * ignored), 5xx otherwise so Stripe retries.
 */
export function billingWebhookHandlers(deps: Pick<BillingDeps, 'eventStore' | 'billing' | 'logger' | 'now'>): HandlersOf<'stripeWebhook'> {
  const log = deps.logger.child({ category: 'billing' });
  return {
    stripeWebhook: async (req, res) => {
      const webhook = deps.billing.webhook;
      if (!webhook) throw new NotFoundError('Not found');
      if (!Buffer.isBuffer(req.body)) throw new ValidationError('The webhook needs the raw JSON body');
      let events: BillingEvent[];
      try {
        events = await webhook.parse(req.body, req.get('stripe-signature'));
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        log.warn({ reason: error.message }, 'Webhook refused: bad signature');
        res.status(400).json({ error: 'Invalid signature' });
        return;
      }
      let position = 0;
      for (const event of events) {
        const result = await applyBillingEvent(deps.eventStore, event, { logger: log, now: deps.now?.() });
        position = Math.max(position, result.position);
      }
      res.json({ received: true, position });
    },
  };
}

type PortalAction = (session: LocalSession, state: SubscriptionState, now: Date) => BillingEvent | null;

/**
 * Portal actions of the simulated provider. Saving a card retries a past-due payment (as Stripe
 * does with the new default method); no card data is kept.
 */
const PORTAL_ACTIONS: Record<string, PortalAction> = {
  'payment-method': (session, state, now) => state.status === 'past_due' && state.currentPeriodEnd
    ? { id: `local:${session.id}:retry`, occurredAt: now.toISOString(), type: 'invoice.paid', userId: session.userId, subscriptionId: state.subscriptionId!, currentPeriodEnd: state.currentPeriodEnd }
    : null,
  renew: (session, state, now) => state.currentPeriodEnd && state.status !== 'canceled' && !state.cancelAtPeriodEnd
    ? {
      id: `local:${session.id}:renew`, occurredAt: now.toISOString(), type: 'invoice.paid', userId: session.userId, subscriptionId: state.subscriptionId!,
      currentPeriodEnd: periodEndFrom(new Date(state.currentPeriodEnd), state.period ?? 'monthly').toISOString(),
    }
    : null,
  fail: (session, state, now) => state.status === 'active'
    ? { id: `local:${session.id}:failed`, occurredAt: now.toISOString(), type: 'invoice.payment_failed', userId: session.userId, subscriptionId: state.subscriptionId! }
    : null,
};

/** The URL is the capability: keep it out of caches, referrers and frames. */
function capabilityHeaders(res: Response): void {
  res.set({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'" });
}

/**
 * The local checkout simulator's pages (offline default): /billing/checkout/:id (Pay (test) /
 * Cancel) and /billing/portal/:id (payment method, simulated renewal and failed payment). Each
 * action spends the session and drives the same billing events as Stripe's webhook, through
 * applyBillingEvent.
 */
export function localCheckoutHandlers(deps: Pick<BillingDeps, 'eventStore' | 'billing' | 'logger' | 'now'>): HandlersOf<'checkoutPage' | 'checkoutPay' | 'checkoutCancel' | 'portalPage' | 'portalAction'> {
  const clock = deps.now ?? (() => new Date());
  const log = deps.logger.child({ category: 'billing' });
  const local = () => {
    if (!deps.billing.local) throw new NotFoundError('Not found');
    return deps.billing.local;
  };
  const apply = (event: BillingEvent) => applyBillingEvent(deps.eventStore, event, { logger: log, now: clock() });
  const expired = (res: Response) => res.status(404).type('html').send(renderExpiredPage());
  const stateOf = async (session: LocalSession) => (await loadState(deps.eventStore, subscriptionStreamId(session.userId), subscriptionDecider)).state;

  return {
    checkoutPage: (req, res) => {
      capabilityHeaders(res);
      const session = local().peek(req.params.id, 'checkout');
      if (!session) return expired(res);
      res.type('html').send(renderCheckoutPage(session));
    },

    checkoutPay: async (req, res) => {
      capabilityHeaders(res);
      const session = local().take(req.params.id, 'checkout');
      if (!session || !session.plan || !session.period) return expired(res);
      const now = clock();
      const { position } = await apply({
        id: `local:${session.id}:paid`,
        occurredAt: now.toISOString(),
        type: 'subscription.started',
        userId: session.userId,
        plan: session.plan,
        period: session.period,
        customerId: session.customerId,
        subscriptionId: localSubscriptionId(),
        currentPeriodEnd: periodEndFrom(now, session.period).toISOString(),
      });
      // The position lets the billing page read its own write (x-min-position).
      res.redirect(303, `${session.successUrl}${session.successUrl.includes('?') ? '&' : '?'}position=${position}`);
    },

    checkoutCancel: (req, res) => {
      capabilityHeaders(res);
      const session = local().take(req.params.id, 'checkout');
      if (!session) return expired(res);
      res.redirect(303, session.cancelUrl);
    },

    portalPage: async (req, res) => {
      capabilityHeaders(res);
      const session = local().peek(req.params.id, 'portal');
      if (!session) return expired(res);
      res.type('html').send(renderPortalPage(session, await stateOf(session), clock()));
    },

    /** One portal action: spend the session, report what the simulated provider observed, go back. */
    portalAction: async (req, res) => {
      capabilityHeaders(res);
      const action = PORTAL_ACTIONS[req.params.action];
      if (!action || !Object.hasOwn(PORTAL_ACTIONS, req.params.action)) throw new NotFoundError('Not found');
      const session = local().take(req.params.id, 'portal');
      if (!session) return expired(res);
      const state = await stateOf(session);
      const event = state.subscriptionId ? action(session, state, clock()) : null;
      if (event) await apply(event);
      res.redirect(303, `${session.successUrl}?portal=${req.params.action}`);
    },
  };
}
