import type { AnswerOf, SubscriptionView } from '@app/domain';
import { api } from '../api';

/**
 * GET /api/billing/subscription, declared once: the Billing page reads the plan, the Create wizard
 * and the Series home read its posting frequency, from one cache entry (a checkout refreshes all).
 */
export const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<SubscriptionView | null, void>({
      query: () => '/api/billing/subscription',
      transformResponse: (answer: AnswerOf<'subscription'>) => answer?.subscription ?? null,
      providesTags: [{ type: 'Subscription', id: 'ME' }],
    }),
  }),
});

export const { useGetSubscriptionQuery } = subscriptionApi;
