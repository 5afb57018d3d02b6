import type { AuditActor, AuditFilter, AuditPage, AuditSort } from '#src/contract/audit';
import { api } from '@/shared/api/api';

export interface ActivityArgs extends AuditFilter {
  sort: AuditSort;
  page: number;
  pageSize: number;
}

/** Query parameters without the empty ones. */
export const definedParams = (params: object) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v != null));

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.query<AuditPage, ActivityArgs>({
      query: (params) => ({ url: '/admin/activity', params: definedParams(params) }),
    }),
    getActivityActors: build.query<AuditActor[], void>({
      query: () => '/admin/activity/actors',
    }),
  }),
});

export const { useGetActivityQuery, useGetActivityActorsQuery } = auditApi;
