import type {
  LoginAnswer,
  LoginRequest,
  PasswordInput,
  PasswordResetCompletion,
  PasswordResetRequest,
  PasswordResetRequestedAnswer,
  ProfileAnswer,
  ProfileInput,
  SuccessAnswer,
} from '#src/contract/team';
import { api } from '@/shared/api/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<PasswordResetRequestedAnswer, PasswordResetRequest>({
      query: (body) => ({ url: '/auth/password-reset', method: 'POST', body }),
    }),
    completePasswordReset: build.mutation<SuccessAnswer, PasswordResetCompletion>({
      query: (body) => ({ url: '/auth/password-reset/complete', method: 'POST', body }),
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
  useRequestPasswordResetMutation,
  useCompletePasswordResetMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
} = authApi;
