import { api } from '../../lib/api';

export interface ForgotPasswordAnswer {
  message?: string;
  /** The legacy flow returned the token; the secure flow mails it (docs/api.md). */
  resetToken?: string;
}

export const passwordApi = api.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<ForgotPasswordAnswer, { email: string }>({
      query: (body) => ({ url: '/api/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ message?: string }, { token: string; password: string }>({
      query: ({ token, password }) => ({
        url: `/api/auth/reset-password/${encodeURIComponent(token)}`,
        method: 'POST',
        body: { password },
      }),
    }),
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation } = passwordApi;
