import { api } from '../../lib/api';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateEmail: build.mutation<{ message?: string; position?: number }, { email: string }>({
      query: (body) => ({ url: '/api/auth/update-email', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'User', id: 'ME' }]),
    }),
    updatePassword: build.mutation<{ message?: string; position?: number }, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/api/auth/update-password', method: 'POST', body }),
    }),
  }),
});

export const { useUpdateEmailMutation, useUpdatePasswordMutation } = accountApi;
export { accountApi };
