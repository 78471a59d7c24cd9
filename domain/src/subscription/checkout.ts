import { z } from 'zod';
import { PAID_PLAN_IDS } from '../catalog/plans';

/** POST /api/billing/create-checkout-session: {planId, period?} (period defaults to monthly). */
export const createCheckoutSessionSchema = z.object({
  planId: z.enum(PAID_PLAN_IDS, { error: 'Please choose a plan: STARTER, DAILY or HARDCORE' }),
  period: z.enum(['monthly', 'annual'], { error: 'Billing period must be monthly or annual' }).default('monthly'),
});
export type CreateCheckoutSessionBody = z.infer<typeof createCheckoutSessionSchema>;
