import { useState, type ReactElement } from 'react';
import { Button, Segmented, Tag } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { PLANS, annualPricePerMonth, type BillingPeriod, type PaidPlanId } from '@app/domain';
import { useCreateCheckoutSessionMutation, useGetSubscriptionQuery } from '../api';
import { redirectTo } from '../../../lib/navigation';
import { reportSilently } from '../../../lib/report';

const PAID = PLANS.filter((p) => p.id !== 'FREE');

/**
 * Starter, Daily and Hardcore with a monthly/annual toggle; a button starts checkout. The toggle
 * opens on monthly (spec section 4), or on the period a subscriber pays by, so that their own plan
 * shows at the price they pay, until they choose one.
 */
export function PlanCards(): ReactElement {
  const [chosenPeriod, setPeriod] = useState<BillingPeriod | null>(null);
  const { data: subscription } = useGetSubscriptionQuery();
  const period: BillingPeriod = chosenPeriod ?? (subscription && subscription.status !== 'canceled' ? subscription.period : undefined) ?? 'monthly';
  const [checkout, state] = useCreateCheckoutSessionMutation();

  const choose = async (planId: PaidPlanId) => {
    try {
      const { url } = await checkout({ planId, period }).unwrap();
      if (url) redirectTo(url);
    } catch (e) {
      reportSilently('Failed to start checkout', e);
    }
  };

  return (
    <section className="billing-plans" aria-labelledby="plans-title">
      <div className="billing-plans__head">
        <h2 id="plans-title" className="billing-h2">
          PLANS
        </h2>
        <Segmented<BillingPeriod>
          aria-label="Billing period"
          value={period}
          onChange={setPeriod}
          options={[
            { label: 'Monthly', value: 'monthly' },
            { label: 'Annual', value: 'annual' },
          ]}
        />
      </div>
      <div className="plan-grid">
        {PAID.map((plan) => {
          const current = subscription?.plan === plan.id && subscription.status !== 'canceled';
          const price = period === 'annual' ? annualPricePerMonth(plan) : plan.price;
          return (
            <article key={plan.id} className={`plan-card${plan.popular ? ' plan-card--popular' : ''}`} data-testid={`plan-${plan.id}`}>
              <header>
                <h3>{plan.name}</h3>
                {plan.popular && <Tag color="blue">Most Popular</Tag>}
                {period === 'annual' && <Tag color="green">Save {plan.annualDiscount}%</Tag>}
              </header>
              <p className="plan-card__price">
                <strong>${price}</strong>
                <span>/month</span>
              </p>
              <p className="plan-card__billed">{period === 'annual' ? `Billed yearly` : 'Billed monthly'}</p>
              <ul>
                {plan.features.map((f) => (
                  <li key={f}>
                    <CheckOutlined aria-hidden /> {f}
                  </li>
                ))}
              </ul>
              <Button
                type={plan.popular ? 'primary' : 'default'}
                block
                size="large"
                disabled={current}
                loading={state.isLoading && state.originalArgs?.planId === plan.id}
                onClick={() => void choose(plan.id as PaidPlanId)}
              >
                {current ? 'Current Plan' : `Choose ${plan.name}`}
              </Button>
            </article>
          );
        })}
      </div>
    </section>
  );
}
