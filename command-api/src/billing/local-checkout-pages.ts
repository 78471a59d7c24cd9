import { annualPrice, findPlan, type SubscriptionState } from '@app/domain';
import { escapeHtml, serverPageHead, type LocalSession } from '@app/platform';

/** Server-rendered pages of the local checkout simulator: plain HTML, no script, clearly test mode. */


const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f6fb; margin: 0; color: #1f2937; }
  .banner { background: #b45309; color: #fff; text-align: center; padding: 10px; font-weight: 700; letter-spacing: .04em; }
  main { max-width: 460px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 28px; box-shadow: 0 6px 24px rgba(0,0,0,.08); }
  h1 { font-size: 1.4rem; margin: 0 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #6b7280; } dd { margin: 0; font-weight: 600; }
  form { margin: 0 0 12px; }
  button { width: 100%; padding: 12px; font-size: 1rem; border-radius: 8px; border: 1px solid #d1d5db; background: #fff; cursor: pointer; }
  button.primary { background: #2563eb; border-color: #2563eb; color: #fff; font-weight: 600; }
  label { display: block; margin: 0 0 6px; color: #6b7280; }
  input { width: 100%; box-sizing: border-box; padding: 10px; margin: 0 0 10px; border: 1px solid #d1d5db; border-radius: 8px; }
  .note { color: #6b7280; font-size: .9rem; }
  a { color: #2563eb; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>${serverPageHead(`${title} (test mode)`)}
<style>${STYLE}</style></head>
<body>
<div class="banner" role="status" data-testid="test-mode">TEST MODE — no real payment</div>
<main>${body}</main>
</body>
</html>`;
}

/** "$19.00 per month" or "$182.00 per year ($15/month)". */
export function priceLabel(plan: LocalSession['plan'], period: LocalSession['period']): string {
  if (!plan) return '';
  const p = findPlan(plan);
  if (period === 'annual') {
    const yearly = annualPrice(p);
    return `$${yearly.toFixed(2)} per year ($${Math.round(yearly / 12)}/month, ${p.annualDiscount}% off)`;
  }
  return `$${p.price.toFixed(2)} per month`;
}

export function renderCheckoutPage(session: LocalSession): string {
  const plan = session.plan ? findPlan(session.plan) : null;
  const action = `/billing/checkout/${encodeURIComponent(session.id)}`;
  return page('Checkout', `
<h1>Subscribe to ${escapeHtml(plan?.name ?? '')}</h1>
<dl>
  <dt>Plan</dt><dd data-testid="plan">${escapeHtml(plan?.name ?? '')}</dd>
  <dt>Billing</dt><dd data-testid="period">${session.period === 'annual' ? 'Annual' : 'Monthly'}</dd>
  <dt>Price</dt><dd data-testid="price">${escapeHtml(priceLabel(session.plan, session.period))}</dd>
</dl>
<form method="post" action="${action}/pay"><button class="primary" type="submit">Pay (test)</button></form>
<form method="post" action="${action}/cancel"><button type="submit">Cancel</button></form>
<p class="note">This is the offline checkout simulator. Set STRIPE_SECRET_KEY to take real payments with Stripe.</p>`);
}

export function renderPortalPage(session: LocalSession, state: SubscriptionState, now: Date): string {
  const action = `/billing/portal/${encodeURIComponent(session.id)}`;
  const plan = state.plan ? findPlan(state.plan).name : 'Free';
  const ends = state.currentPeriodEnd ? new Date(state.currentPeriodEnd).toISOString().slice(0, 10) : '—';
  const status = state.cancelAtPeriodEnd && state.status === 'active' ? 'canceling' : state.status;
  const live = state.status !== 'none' && state.status !== 'canceled' && state.currentPeriodEnd !== null && Date.parse(state.currentPeriodEnd) > now.getTime();
  return page('Billing portal', `
<h1>Billing portal</h1>
<dl>
  <dt>Plan</dt><dd data-testid="plan">${escapeHtml(plan)}${state.period ? ` (${state.period})` : ''}</dd>
  <dt>Status</dt><dd data-testid="status">${escapeHtml(status)}</dd>
  <dt>${state.cancelAtPeriodEnd ? 'Ends' : 'Renews'}</dt><dd data-testid="period-end">${ends}</dd>
  ${state.pendingPlan ? `<dt>Next cycle</dt><dd data-testid="pending-plan">${escapeHtml(findPlan(state.pendingPlan).name)}</dd>` : ''}
</dl>
<form method="post" action="${action}/payment-method" autocomplete="off">
  <label for="card">Payment method (test card, not stored)</label>
  <input id="card" inputmode="numeric" placeholder="4242 4242 4242 4242" value="4242 4242 4242 4242">
  <button class="primary" type="submit">Save payment method (test)</button>
</form>
${live ? `<form method="post" action="${action}/renew"><button type="submit">Simulate renewal</button></form>
<form method="post" action="${action}/fail"><button type="submit">Simulate failed payment</button></form>` : ''}
<p><a href="${escapeHtml(session.successUrl)}">Back to billing</a></p>`);
}

export function renderExpiredPage(): string {
  return page('Link expired', `
<h1>This link has expired</h1>
<p>Checkout and portal links work once and for a short time. Go back to <a href="/dashboard/billing">Billing</a> and start again.</p>`);
}
