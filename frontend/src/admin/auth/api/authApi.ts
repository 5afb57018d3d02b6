import type {
  LoginAnswer,
  LoginRequest,
  RecoveryCodesAnswer,
  SecondFactorCodeInput,
  SecondFactorDisableInput,
  SecondFactorSetupAnswer,
  SecondStepRequest,
  SignInAnswer,
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
    login: build.mutation<SignInAnswer, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    completeSignIn: build.mutation<LoginAnswer, SecondStepRequest>({
      query: (body) => ({ url: '/auth/login/second-factor', method: 'POST', body }),
    }),
    startSecondFactorSetup: build.mutation<SecondFactorSetupAnswer, void>({
      query: () => ({ url: '/auth/second-factor/setup', method: 'POST' }),
    }),
    // 'Me' is refreshed when the member has put the recovery codes away, not before.
    confirmSecondFactor: build.mutation<RecoveryCodesAnswer, SecondFactorCodeInput>({
      query: (body) => ({ url: '/auth/second-factor/confirm', method: 'POST', body }),
    }),
    disableSecondFactor: build.mutation<SuccessAnswer, SecondFactorDisableInput>({
      query: (body) => ({ url: '/auth/second-factor/disable', method: 'POST', body }),
      invalidatesTags: ['Me'],
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
  useCompleteSignInMutation,
  useStartSecondFactorSetupMutation,
  useConfirmSecondFactorMutation,
  useDisableSecondFactorMutation,
  useRequestPasswordResetMutation,
  useCompletePasswordResetMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
} = authApi;
