import { api } from '@/shared/api/api';

export type StaffRole = 'admin' | 'manager' | 'salesperson';

export interface StaffUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: StaffRole;
  mustChangePassword: boolean;
}

/** The name staff are shown by, or their e-mail while they have none. */
export const fullName = (m: Pick<StaffUser, 'firstName' | 'lastName' | 'email'>) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

export interface LoginResponse {
  success: boolean;
  token?: string;
  user?: StaffUser;
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
}

export interface PasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** The verify result is cached for five minutes (docs/product.md#admin-session). */
export const VERIFY_CACHE_SECONDS = 5 * 60;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, { email: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    verify: build.query<{ valid: boolean; user: StaffUser }, void>({
      query: () => '/auth/verify',
      keepUnusedDataFor: VERIFY_CACHE_SECONDS,
      providesTags: ['Me'],
    }),
    logout: build.mutation<{ success: boolean }, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    updateProfile: build.mutation<{ success: boolean; user: StaffUser }, ProfileInput>({
      query: (body) => ({ url: '/auth/profile', method: 'PUT', body }),
      invalidatesTags: ['Me', 'Team'],
    }),
    changePassword: build.mutation<{ success: boolean }, PasswordInput>({
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
