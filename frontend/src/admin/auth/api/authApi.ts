import type {
  LoginAnswer,
  LoginRequest,
  PasswordInput,
  ProfileAnswer,
  ProfileInput,
  SessionAnswer,
  StaffUser,
  SuccessAnswer,
} from '#src/contract/team';
import { api } from '@/shared/api/api';

/** The name staff are shown by, or their e-mail while they have none. */
export const fullName = (m: Pick<StaffUser, 'firstName' | 'lastName' | 'email'>) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

/** The verify result is cached for five minutes (docs/product.md#admin-session). */
export const VERIFY_CACHE_SECONDS = 5 * 60;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    verify: build.query<SessionAnswer, void>({
      query: () => '/auth/verify',
      keepUnusedDataFor: VERIFY_CACHE_SECONDS,
      providesTags: ['Me'],
    }),
    logout: build.mutation<SuccessAnswer, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    updateProfile: build.mutation<ProfileAnswer, ProfileInput>({
      query: (body) => ({ url: '/auth/profile', method: 'PUT', body }),
      invalidatesTags: ['Me', 'Team'],
    }),
    changePassword: build.mutation<SuccessAnswer, PasswordInput>({
      query: (body) => ({ url: '/auth/password', method: 'PUT', body }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const {
  useLoginMutation,
  useVerifyQuery,
  useLogoutMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
} = authApi;
