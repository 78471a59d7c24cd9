import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDispatch } from 'react-redux';
import { positionSeen } from '../../../lib/position-slice';
import { toast } from '../../../lib/toast';
import { useGetSubscriptionQuery } from '../api';

/** How long the page waits for a paid checkout's plan to show (Stripe's webhook may lag). */
export const ACTIVATION_WAIT_MS = 30_000;
export const ACTIVATION_POLL_MS = 2_000;

export const CHECKOUT_RETURN_TOASTS = {
  success: { title: 'Payment successful', description: 'Thank you! Your plan is being activated.' },
  cancel: { title: 'Checkout canceled', description: 'No payment was made.' },
  scheduled: { title: 'Plan change scheduled', description: 'Your new plan takes effect in the next billing cycle.' },
} as const;

/**
 * The billing page after a round trip to checkout (`?checkout=success|cancel`, with `position` from
 * the local simulator) or a scheduled plan change (`?plan=scheduled`): one toast, the query side
 * asked for our write, the plan polled until it shows, and the parameters removed so a reload
 * does not repeat any of it.
 */
export function useCheckoutReturn(): void {
  const [params, setParams] = useSearchParams();
  const dispatch = useDispatch();
  const handled = useRef(false);
  const [awaitingPlanSince, setAwaitingPlanSince] = useState<number | null>(null);
  const { data: subscription } = useGetSubscriptionQuery(undefined, { pollingInterval: awaitingPlanSince === null ? 0 : ACTIVATION_POLL_MS });

  useEffect(() => {
    if (handled.current) return;
    const checkout = params.get('checkout');
    const plan = params.get('plan');
    if (!checkout && !plan) return;
    handled.current = true;
    const position = Number(params.get('position'));
    if (Number.isSafeInteger(position) && position > 0) dispatch(positionSeen(position));
    if (checkout === 'success') {
      toast({ ...CHECKOUT_RETURN_TOASTS.success, variant: 'success' });
      setAwaitingPlanSince(Date.now());
    } else if (checkout === 'cancel') {
      toast(CHECKOUT_RETURN_TOASTS.cancel);
    } else if (plan === 'scheduled') {
      toast({ ...CHECKOUT_RETURN_TOASTS.scheduled, variant: 'success' });
    }
    setParams({}, { replace: true });
  }, [params, setParams, dispatch]);

  useEffect(() => {
    if (awaitingPlanSince === null) return;
    if (subscription && subscription.plan !== 'FREE') {
      setAwaitingPlanSince(null);
      return;
    }
    // Polls that bring nothing new do not re-run this effect, so the wait ends on its own timer.
    const giveUp = setTimeout(() => setAwaitingPlanSince(null), Math.max(0, awaitingPlanSince + ACTIVATION_WAIT_MS - Date.now()));
    return () => clearTimeout(giveUp);
  }, [awaitingPlanSince, subscription]);
}
