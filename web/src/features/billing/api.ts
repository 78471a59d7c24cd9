import type { BillingPeriod, PaidPlanId, SubscriptionView } from '@app/domain';
import { api } from '../../lib/api';

const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<SubscriptionView | null, void>({
      query: () => '/api/billing/subscription',
      transformResponse: (answer: { subscription?: SubscriptionView | null }) => answer?.subscription ?? null,
      providesTags: [{ type: 'Subscription', id: 'ME' }],
    }),
    createCheckoutSession: build.mutation<{ url: string }, { planId: PaidPlanId; period: BillingPeriod }>({
      query: (body) => ({ url: '/api/billing/create-checkout-session', method: 'POST', body }),
    }),
    updatePayment: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/api/billing/update-payment', method: 'POST' }),
    }),
    cancelSubscription: build.mutation<{ success: boolean; position?: number }, void>({
      query: () => ({ url: '/api/billing/cancel-subscription', method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Subscription', id: 'ME' }, { type: 'Stats', id: 'ME' }]),
    }),
  }),
});

export const { useGetSubscriptionQuery, useCreateCheckoutSessionMutation, useUpdatePaymentMutation, useCancelSubscriptionMutation } = billingApi;
export { billingApi };
