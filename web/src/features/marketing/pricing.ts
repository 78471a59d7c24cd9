import { PLANS, annualPrice, annualPricePerMonth, type BillingPeriod, type Plan } from '@app/domain';

/** The plans on the landing page: the paid ones, in catalogue order. */
export const PAID_PLANS: readonly Plan[] = PLANS.filter((p) => p.id !== 'FREE');

export interface PriceView {
  /** Shown per month. */
  perMonth: number;
  /** Billed once a year (annual only). */
  billedAnnually: number | null;
  /** 'Save N%' (annual only). */
  savePercent: number | null;
}

/** Monthly: the list price. Annual: the domain's annual price / 12, rounded, with the yearly total and the saving. */
export function priceFor(plan: Pick<Plan, 'price' | 'annualDiscount'>, period: BillingPeriod): PriceView {
  if (period === 'monthly') return { perMonth: plan.price, billedAnnually: null, savePercent: null };
  return { perMonth: annualPricePerMonth(plan), billedAnnually: annualPrice(plan), savePercent: plan.annualDiscount };
}

/** The toggle's badge: the best saving among the paid plans. */
export function bestAnnualSaving(plans: readonly Pick<Plan, 'annualDiscount'>[] = PAID_PLANS): number {
  return Math.max(0, ...plans.map((p) => p.annualDiscount));
}
