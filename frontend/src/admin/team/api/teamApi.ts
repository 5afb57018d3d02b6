import { api } from '@/shared/api/api';
import type { StaffRole } from '@/admin/auth/api/authApi';

export interface TeamMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: StaffRole;
  isActive: boolean;
  lastLogin: string | null;
  createdAt: string;
  version: number;
}

export interface MemberInput {
  firstName: string;
  lastName: string;
  email: string;
  role: StaffRole;
}

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    teamMembers: build.query<TeamMember[], void>({
      query: () => '/admin/users',
      providesTags: ['Team'],
    }),
    addMember: build.mutation<{ user: TeamMember; oneTimePassword: string }, MemberInput>({
      query: (body) => ({ url: '/admin/users', method: 'POST', body }),
      invalidatesTags: ['Team'],
    }),
    changeMember: build.mutation<
      { user: TeamMember },
      MemberInput & { id: string; version: number }
    >({
      query: ({ id, ...body }) => ({ url: `/admin/users/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Team', 'Me'],
    }),
    setMemberActive: build.mutation<{ user: TeamMember }, { id: string; active: boolean }>({
      query: ({ id, active }) => ({
        url: `/admin/users/${id}/${active ? 'reactivate' : 'deactivate'}`,
        method: 'POST',
      }),
      invalidatesTags: ['Team'],
    }),
    resetPassword: build.mutation<{ oneTimePassword: string }, { id: string }>({
      query: ({ id }) => ({ url: `/admin/users/${id}/reset-password`, method: 'POST' }),
      invalidatesTags: ['Team'],
    }),
  }),
});

export const {
  useTeamMembersQuery,
  useAddMemberMutation,
  useChangeMemberMutation,
  useSetMemberActiveMutation,
  useResetPasswordMutation,
} = teamApi;

export const ROLES: readonly StaffRole[] = ['salesperson', 'manager', 'admin'];
