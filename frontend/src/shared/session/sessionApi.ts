import type { SessionAnswer, StaffUser, SuccessAnswer } from '#src/contract/team';
import { api } from '@/shared/api/api';

/** The name staff are shown by, or their e-mail while they have none. */
export const fullName = (m: Pick<StaffUser, 'firstName' | 'lastName' | 'email'>) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

/** The verify result is cached for five minutes (docs/product.md#admin-session). */
export const VERIFY_CACHE_SECONDS = 5 * 60;

/** Who is signed in, which every admin feature asks. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    verify: build.query<SessionAnswer, void>({
      query: () => '/auth/verify',
      keepUnusedDataFor: VERIFY_CACHE_SECONDS,
      providesTags: ['Me'],
    }),
    logout: build.mutation<SuccessAnswer, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
  }),
});

export const { useVerifyQuery, useLogoutMutation } = sessionApi;
