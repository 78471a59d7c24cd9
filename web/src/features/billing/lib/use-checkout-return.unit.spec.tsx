/**
 * @jest-environment-options {"customExportConditions": [""]}
 */
import { act, screen, waitFor } from '@testing-library/react';
import { renderRoutes } from '../../../../test/render';
import { server, http, HttpResponse, useMswServer } from '../../../../test/server';
import { CurrentPlan } from '../components/current-plan';
import { ACTIVATION_POLL_MS, ACTIVATION_WAIT_MS, CHECKOUT_RETURN_TOASTS, useCheckoutReturn } from './use-checkout-return';

useMswServer();

function BillingReturn() {
  useCheckoutReturn();
  return <CurrentPlan />;
}

const daily = { plan: 'DAILY', status: 'active', currentPeriodEnd: '2026-12-22T10:00:00.000Z', period: 'monthly', cancelAtPeriodEnd: false, pendingPlan: null };

function renderBillingAt(at: string) {
  return renderRoutes({ at, withAuth: false, routes: [{ path: '/dashboard/billing', element: <BillingReturn /> }] });
}

describe('When the user comes back from a paid checkout', () => {
  it('should thank them once, ask for their write, and show the plan as soon as it is active', async () => {
    // The polls' clock is jest's (a loaded machine's real timers made this test outlast its 5 s).
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const minPositions: Array<string | null> = [];
      let calls = 0;
      server.use(http.get('/api/billing/subscription', ({ request }) => {
        minPositions.push(request.headers.get('x-min-position'));
        calls += 1;
        // Stripe's webhook lags: the first answer is still Free.
        return HttpResponse.json({ subscription: calls === 1 ? null : daily });
      }));

      const { router } = renderBillingAt('/dashboard/billing?checkout=success&position=42');

      expect(await screen.findByText(CHECKOUT_RETURN_TOASTS.success.title)).toBeInTheDocument();
      await act(async () => void (await jest.advanceTimersByTimeAsync(ACTIVATION_POLL_MS)));
      await waitFor(() => expect(screen.getByText('Daily')).toBeInTheDocument());
      expect(router.state.location.search).toBe('');
      expect(minPositions.at(-1)).toBe('42');
      expect(screen.getAllByText(CHECKOUT_RETURN_TOASTS.success.title)).toHaveLength(1);
      // Once the plan shows, the polling stops.
      const settled = calls;
      await act(async () => void (await jest.advanceTimersByTimeAsync(ACTIVATION_POLL_MS * 5)));
      expect(calls).toBe(settled);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('When the paid plan never shows (the webhook is lost)', () => {
  it('should stop asking after 30 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let calls = 0;
      server.use(http.get('/api/billing/subscription', () => {
        calls += 1;
        return HttpResponse.json({ subscription: null });
      }));
      renderBillingAt('/dashboard/billing?checkout=success');
      await screen.findByText(CHECKOUT_RETURN_TOASTS.success.title);
      await act(async () => void (await jest.advanceTimersByTimeAsync(ACTIVATION_WAIT_MS + ACTIVATION_POLL_MS)));
      // Let a poll that was already under way finish before counting.
      await act(async () => void (await jest.advanceTimersByTimeAsync(ACTIVATION_POLL_MS)));
      const afterWait = calls;
      expect(afterWait).toBeGreaterThan(5);
      await act(async () => void (await jest.advanceTimersByTimeAsync(ACTIVATION_POLL_MS * 5)));
      expect(calls).toBe(afterWait);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('When the user leaves checkout without paying', () => {
  it('should say no payment was made and keep the Free plan', async () => {
    server.use(http.get('/api/billing/subscription', () => HttpResponse.json({ subscription: null })));
    const { router } = renderBillingAt('/dashboard/billing?checkout=cancel');
    expect(await screen.findByText(CHECKOUT_RETURN_TOASTS.cancel.description)).toBeInTheDocument();
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('When a plan change was scheduled', () => {
  it('should say it starts with the next billing cycle', async () => {
    server.use(http.get('/api/billing/subscription', () => HttpResponse.json({ subscription: { ...daily, pendingPlan: 'HARDCORE' } })));
    renderBillingAt('/dashboard/billing?plan=scheduled');
    expect(await screen.findByText(CHECKOUT_RETURN_TOASTS.scheduled.description)).toBeInTheDocument();
    expect(await screen.findByText('Changes to Hardcore at the next billing cycle.')).toBeInTheDocument();
  });
});
