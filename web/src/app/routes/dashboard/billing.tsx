import type { ReactElement } from 'react';
import { APP_TITLES } from '../../../config/page-heads';
import { PageHeader } from '../../../features/dashboard/components/dashboard-shell';
import { CurrentPlan } from '../../../features/billing/components/current-plan';
import { PlanCards } from '../../../features/billing/components/plan-cards';
import { BillingFaq } from '../../../features/billing/components/billing-faq';
import { useCheckoutReturn } from '../../../features/billing/lib/use-checkout-return';

export default function BillingPage(): ReactElement {
  useCheckoutReturn();
  return (
    <>
      <PageHeader title={APP_TITLES.billing} subtitle="Your plan, payment method and upgrades." />
      <CurrentPlan />
      <PlanCards />
      <BillingFaq />
    </>
  );
}
