import { DomainError, subscriptionDecider, subscriptionStreamId, type SubscriptionCommand, type SubscriptionState } from '@app/domain';
import { commandMetadata, deterministicId, handle, loadState, type BillingEvent, type EventStore, type Logger } from '@app/platform';

export interface AppliedBillingEvent {
  /** The commands that recorded something. */
  applied: SubscriptionCommand['type'][];
  /** Global position of the last event appended (or the stream head). */
  position: number;
}

type Step = (state: SubscriptionState) => SubscriptionCommand | null;

/**
 * The one path from billing to the subscription stream: Stripe's webhook and the local checkout
 * simulator both report `BillingEvent`s, and this turns each into subscription commands.
 *
 * Exactly once: every command's events get ids derived from the provider's event id, so a
 * redelivered event appends nothing (the store ignores known ids), and the decider itself ignores
 * repeats (same subscription started twice, a period that does not move forward). Out of order:
 * commands carry the provider's subscription id and event time; the decider never moves the
 * period back and ignores facts older than the latest one applied or about another subscription.
 */
export async function applyBillingEvent(store: EventStore, event: BillingEvent, options: { logger?: Logger; now?: Date } = {}): Promise<AppliedBillingEvent> {
  const streamId = subscriptionStreamId(event.userId);
  const metadata = commandMetadata({ userId: event.userId, correlationId: event.id, now: options.now });
  const fact = { subscriptionId: event.subscriptionId, occurredAt: event.occurredAt };
  const result: AppliedBillingEvent = { applied: [], position: 0 };

  const run = async (name: string, step: Step) => {
    const { state } = await loadState(store, streamId, subscriptionDecider);
    const command = step(state);
    if (!command) return;
    try {
      const { events, position } = await handle(store, streamId, subscriptionDecider, { ...command, metadata } as SubscriptionCommand, {
        eventIds: (index) => deterministicId(`billing:${event.id}:${name}:${index}`),
      });
      result.position = Math.max(result.position, position);
      if (events.length) result.applied.push(command.type);
    } catch (error) {
      // A business rule said no (e.g. a renewal for a user with no subscription yet): nothing to
      // record, and retrying the delivery would not change that.
      if (!(error instanceof DomainError)) throw error;
      options.logger?.warn({ category: 'billing', billingEventId: event.id, billingEventType: event.type, command: command.type, reason: error.message }, 'Billing event not applied');
    }
  };

  const cmd = <C extends SubscriptionCommand>(type: C['type'], data: C['data']) => ({ type, data, metadata }) as SubscriptionCommand;

  switch (event.type) {
    case 'subscription.started':
      await run('activate', () => cmd('ActivateSubscription', {
        userId: event.userId, plan: event.plan, period: event.period, currentPeriodEnd: event.currentPeriodEnd,
        customerId: event.customerId, subscriptionId: event.subscriptionId, occurredAt: event.occurredAt,
      }));
      break;
    case 'subscription.updated': {
      if (event.status === 'canceled' || event.status === 'incomplete_expired') {
        await run('end', () => cmd('EndSubscription', fact));
        break;
      }
      const paying = event.status === 'active' || event.status === 'trialing';
      // A subscription we do not hold yet (a missed or late checkout event): it starts here.
      await run('activate', (s) => paying && (s.subscriptionId !== event.subscriptionId || s.status === 'none' || s.status === 'canceled')
        ? cmd('ActivateSubscription', {
          userId: event.userId, plan: event.plan, period: event.period, currentPeriodEnd: event.currentPeriodEnd,
          customerId: event.customerId, subscriptionId: event.subscriptionId, occurredAt: event.occurredAt,
        })
        : null);
      await run('renew', (s) => s.subscriptionId === event.subscriptionId && s.status !== 'none' && paying
        ? cmd('RenewSubscription', { currentPeriodEnd: event.currentPeriodEnd, ...fact })
        : null);
      await run('fail', (s) => s.subscriptionId === event.subscriptionId && (event.status === 'past_due' || event.status === 'unpaid')
        ? cmd('RecordPaymentFailure', fact)
        : null);
      await run('cancel', (s) => s.subscriptionId === event.subscriptionId && event.cancelAtPeriodEnd && !s.cancelAtPeriodEnd && s.status !== 'canceled' && !isOlder(event, s)
        ? cmd('CancelSubscription', fact)
        : null);
      // The cancellation withdrawn at the provider (Stripe's portal 'Renew plan').
      await run('resume', (s) => s.subscriptionId === event.subscriptionId && paying && !event.cancelAtPeriodEnd && s.cancelAtPeriodEnd && s.status !== 'canceled'
        ? cmd('ResumeSubscription', fact)
        : null);
      // A price changed at the provider (our schedulePlanChange, or the portal): from the next cycle.
      await run('change', (s) => s.subscriptionId === event.subscriptionId && s.status !== 'canceled' && s.plan !== null && !isOlder(event, s)
        && event.plan !== (s.pendingPlan ?? s.plan)
        ? cmd('ChangePlan', { plan: event.plan })
        : null);
      break;
    }
    case 'subscription.ended':
      await run('end', () => cmd('EndSubscription', fact));
      break;
    case 'invoice.paid':
      await run('renew', (s) => (s.status === 'none' ? null : cmd('RenewSubscription', { currentPeriodEnd: event.currentPeriodEnd, ...fact })));
      break;
    case 'invoice.payment_failed':
      await run('fail', () => cmd('RecordPaymentFailure', fact));
      break;
    default: {
      const unknown: never = event;
      options.logger?.warn({ category: 'billing', event: unknown }, 'Unknown billing event');
    }
  }
  if (result.position === 0) result.position = (await store.readStream(streamId)).at(-1)?.position ?? 0;
  options.logger?.info({ category: 'billing', billingEventId: event.id, billingEventType: event.type, userId: event.userId, applied: result.applied }, 'Billing event handled');
  return result;
}

/** A provider fact older than the latest one applied to this subscription. */
const isOlder = (event: BillingEvent, state: SubscriptionState) => state.billingAsOf !== null && Date.parse(event.occurredAt) < Date.parse(state.billingAsOf);
