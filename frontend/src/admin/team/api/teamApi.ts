import {
  type AddedMemberAnswer,
  type ChangeMemberRequest,
  type MemberAnswer,
  type MemberInput,
  type OneTimePasswordAnswer,
  STAFF_ROLES,
  type StaffRole,
  type TeamMember,
  type TeamSecurityPolicy,
} from '#src/contract/team';
import { api } from '@/shared/api/api';

export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    teamMembers: build.query<TeamMember[], void>({
      query: () => '/admin/users',
      providesTags: ['Team'],
    }),
    addMember: build.mutation<AddedMemberAnswer, MemberInput>({
      query: (body) => ({ url: '/admin/users', method: 'POST', body }),
      invalidatesTags: ['Team'],
    }),
    changeMember: build.mutation<MemberAnswer, ChangeMemberRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/users/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Team', 'Me'],
    }),
    setMemberActive: build.mutation<MemberAnswer, { id: string; active: boolean }>({
      query: ({ id, active }) => ({
        url: `/admin/users/${id}/${active ? 'reactivate' : 'deactivate'}`,
        method: 'POST',
      }),
      invalidatesTags: ['Team'],
    }),
    resetPassword: build.mutation<OneTimePasswordAnswer, { id: string }>({
      query: ({ id }) => ({ url: `/admin/users/${id}/reset-password`, method: 'POST' }),
      invalidatesTags: ['Team'],
    }),
    teamSecurity: build.query<TeamSecurityPolicy, void>({
      query: () => '/admin/team/security',
      providesTags: ['TeamSecurity'],
    }),
    setTeamSecurity: build.mutation<TeamSecurityPolicy, TeamSecurityPolicy>({
      query: (body) => ({ url: '/admin/team/security', method: 'PUT', body }),
      invalidatesTags: ['TeamSecurity'],
    }),
  }),
});

export const {
  useTeamMembersQuery,
  useAddMemberMutation,
  useChangeMemberMutation,
  useSetMemberActiveMutation,
  useResetPasswordMutation,
  useTeamSecurityQuery,
  useSetTeamSecurityMutation,
} = teamApi;

/** Roles as the member form offers them: least access first. */
export const ROLES: readonly StaffRole[] = [...STAFF_ROLES].reverse();
