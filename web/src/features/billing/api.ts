import type { AnswerOf, RequestOf } from '@app/domain';
import { api } from '../../lib/api';

export { useGetSubscriptionQuery } from '../../lib/endpoints/subscription';

const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCheckoutSession: build.mutation<AnswerOf<'createCheckoutSession'>, RequestOf<'createCheckoutSession'>>({
      query: (body) => ({ url: '/api/billing/create-checkout-session', method: 'POST', body }),
    }),
    updatePayment: build.mutation<AnswerOf<'updatePayment'>, void>({
      query: () => ({ url: '/api/billing/update-payment', method: 'POST' }),
    }),
    cancelSubscription: build.mutation<AnswerOf<'cancelSubscription'>, void>({
      query: () => ({ url: '/api/billing/cancel-subscription', method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'Subscription', id: 'ME' }, { type: 'Stats', id: 'ME' }]),
    }),
  }),
});

export const { useCreateCheckoutSessionMutation, useUpdatePaymentMutation, useCancelSubscriptionMutation } = billingApi;
export { billingApi };
