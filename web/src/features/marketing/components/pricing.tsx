import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BillingPeriod } from '@app/domain';
import { paths } from '../../../config/paths';
import { PAID_PLANS, bestAnnualSaving, priceFor } from '../pricing';
import { CheckIcon } from './icons';

/** Pricing with a monthly/annual toggle (default monthly); every button goes to /register. */
export function Pricing() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const best = bestAnnualSaving();
  return (
    <section id="pricing" className="mk-section mk-pricing" aria-labelledby="pricing-title">
      <div className="mk-container">
        <div className="mk-section__head mk-section__head--center">
          <p className="mk-eyebrow">Pricing</p>
          <h2 id="pricing-title" className="mk-section__title">
            Simple plans that grow with your channel
          </h2>
          <p className="mk-section__lead">Cancel any time. Plan changes take effect in your next billing cycle.</p>
          <div className="mk-toggle" role="radiogroup" aria-label="Billing period">
            {(['monthly', 'annual'] as const).map((p) => (
              <button
                key={p}
                type="button"
                role="radio"
                aria-checked={period === p}
                className={`mk-toggle__opt${period === p ? ' is-active' : ''}`}
                onClick={() => setPeriod(p)}
              >
                {p === 'monthly' ? 'Monthly' : 'Annual'}
                {p === 'annual' ? <span className="mk-save-badge">Save {best}%</span> : null}
              </button>
            ))}
          </div>
        </div>
        <ul className="mk-plans">
          {PAID_PLANS.map((plan) => {
            const price = priceFor(plan, period);
            return (
              <li key={plan.id} className={`mk-plan${plan.popular ? ' mk-plan--popular' : ''}`} aria-label={`${plan.name} plan`}>
                {plan.popular ? <span className="mk-plan__ribbon">Most Popular</span> : null}
                <h3 className="mk-plan__name">{plan.name}</h3>
                <p className="mk-plan__freq">{plan.frequency}</p>
                <div className="mk-plan__price">
                  <span className="mk-plan__amount" data-testid={`price-${plan.id}`}>
                    ${price.perMonth}
                  </span>
                  <span className="mk-plan__per">/month</span>
                </div>
                <p className="mk-plan__billing">
                  {price.billedAnnually !== null ? (
                    <>
                      ${price.billedAnnually} billed yearly <span className="mk-save-badge mk-save-badge--soft">Save {price.savePercent}%</span>
                    </>
                  ) : (
                    'Billed monthly'
                  )}
                </p>
                <Link to={paths.register.getHref()} className={`btn btn--block ${plan.popular ? 'btn--primary' : 'btn--ghost'}`}>
                  Get Started
                </Link>
                <ul className="mk-plan__features">
                  {plan.features.map((f) => (
                    <li key={f}>
                      <CheckIcon />
                      {f}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <p className="mk-pricing__note">No free trial and no refunds: start on the Free plan (1 series, 1 video creation) and upgrade when you are ready.</p>
      </div>
    </section>
  );
}
