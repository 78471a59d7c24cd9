/**
 * The plan catalogue (spec section 9).
 *
 * The spec does not give a monthly video limit; we define it as the plan's posting
 * frequency over a 31-day month plus headroom for videos made by hand:
 *   Free 1 (a single video creation, ever), Starter 15, Daily 40, Hardcore 80 per calendar month (UTC).
 */
export type PlanId = 'FREE' | 'STARTER' | 'DAILY' | 'HARDCORE';
export type PaidPlanId = Exclude<PlanId, 'FREE'>;
export type BillingPeriod = 'monthly' | 'annual';

export interface Plan {
  id: PlanId;
  name: string;
  /** USD per month, billed monthly. */
  price: number;
  /** Percent off when billed annually. */
  annualDiscount: number;
  /** Posting frequency as the site words it. */
  frequency: string;
  /** Posts per week the autopilot schedule makes. */
  postsPerWeek: number;
  /** null = unlimited. */
  maxSeries: number | null;
  /** Videos per calendar month; for Free, videos ever. */
  monthlyVideoLimit: number;
  /** Bytes the creator's own media library may hold (issue 18). */
  storageBytes: number;
  features: string[];
  popular: boolean;
}

/** 1 GiB, in bytes. */
export const GIB = 1024 ** 3;

const COMMON = ['Edit & preview videos', 'Auto-post to channel', 'Background music', 'No watermark'];

export const PLANS: readonly Plan[] = [
  { id: 'FREE', name: 'Free', price: 0, annualDiscount: 0, frequency: '1 video creation', postsPerWeek: 0, maxSeries: 1, monthlyVideoLimit: 1, storageBytes: 1 * GIB, features: ['1 Series', '1 video creation'], popular: false },
  { id: 'STARTER', name: 'Starter', price: 19, annualDiscount: 20, frequency: 'Posts 3 times a week', postsPerWeek: 3, maxSeries: 3, monthlyVideoLimit: 15, storageBytes: 5 * GIB, features: ['3 Series', 'Posts 3 times a week', ...COMMON], popular: false },
  { id: 'DAILY', name: 'Daily', price: 39, annualDiscount: 30, frequency: 'Posts once a day', postsPerWeek: 7, maxSeries: 10, monthlyVideoLimit: 40, storageBytes: 20 * GIB, features: ['10 Series', 'Posts once a day', ...COMMON, 'Like & RT'], popular: true },
  { id: 'HARDCORE', name: 'Hardcore', price: 69, annualDiscount: 20, frequency: 'Posts twice a day', postsPerWeek: 14, maxSeries: null, monthlyVideoLimit: 80, storageBytes: 50 * GIB, features: ['Unlimited Series', 'Posts twice a day', ...COMMON, 'Like & RT'], popular: false },
];

export const PAID_PLAN_IDS = ['STARTER', 'DAILY', 'HARDCORE'] as const satisfies readonly PaidPlanId[];

export function findPlan(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** Annual price = monthly x 12 less the discount, rounded down (spec section 9). */
export function annualPrice(plan: Pick<Plan, 'price' | 'annualDiscount'>): number {
  return Math.floor((plan.price * 12 * (100 - plan.annualDiscount)) / 100);
}

/** Per-month price shown for annual billing: annual / 12, rounded. */
export function annualPricePerMonth(plan: Pick<Plan, 'price' | 'annualDiscount'>): number {
  return Math.round(annualPrice(plan) / 12);
}
