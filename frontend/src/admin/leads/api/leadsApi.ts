import type { HistoryEntry } from '#src/contract/lead-history';
import type {
  CountAnswer,
  LeadConflictAnswer,
  LeadDetails,
  LeadFields,
  LeadOwner,
  LeadPage,
  LeadPageQuery,
  LeadStats,
  LeadStatusAnswer,
  LeadVersionAnswer,
  LeadView,
  MergeLeadRequest,
  MoveLeadRequest,
  UpdateLeadRequest,
} from '#src/contract/leads';
import type { ColumnInput, MovedLeadsAnswer, PipelineColumn } from '#src/contract/pipeline';
import { api } from '@/shared/api/api';

// The overview stats are an async projection: ask again shortly after a change lands.
const STATS_SETTLE_MS = 400;
const refreshStatsSoon = async (
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
) => {
  try {
    await queryFulfilled;
  } catch {
    return;
  }
  setTimeout(() => dispatch(api.util.invalidateTags(['Stats'])), STATS_SETTLE_MS);
};

export const leadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLeadPage: build.query<LeadPage, LeadPageQuery>({
      query: (params) => ({
        url: '/admin/quotes',
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v != null)),
      }),
      providesTags: ['Leads'],
    }),
    getLead: build.query<LeadDetails, string>({
      query: (id) => `/admin/quotes/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Lead', id }],
    }),
    getLeadHistory: build.query<HistoryEntry[], string>({
      query: (id) => `/admin/quotes/${id}/history`,
      providesTags: (_r, _e, id) => [{ type: 'Lead', id }],
    }),
    getLeadOwners: build.query<LeadOwner[], void>({
      query: () => '/admin/quotes/owners',
      // The team changes elsewhere (the Team tab): ask again after a minute unused.
      keepUnusedDataFor: 60,
      providesTags: ['Owners'],
    }),
    /** Follow-ups due today in Finland or overdue. */
    getFollowUps: build.query<LeadView[], void>({
      query: () => '/admin/quotes/follow-ups',
      providesTags: ['Leads'],
    }),
    getLeadStats: build.query<LeadStats, void>({
      query: () => '/admin/quotes/stats',
      providesTags: ['Stats'],
    }),
    getDeletedLeads: build.query<LeadView[], void>({
      query: () => '/quotes/deleted',
      providesTags: ['DeletedLeads'],
    }),
    getDeletedCount: build.query<CountAnswer, void>({
      query: () => '/quotes/deleted/count',
      providesTags: ['DeletedLeads'],
    }),
    getColumns: build.query<PipelineColumn[], void>({
      query: () => '/admin/pipeline-columns',
      providesTags: ['Columns'],
    }),
    createLead: build.mutation<LeadView, Partial<LeadFields>>({
      query: (body) => ({ url: '/admin/quotes/create-lead', method: 'POST', body }),
      invalidatesTags: ['Leads', 'Stats'],
      onQueryStarted: refreshStatsSoon,
    }),
    updateLead: build.mutation<LeadView, { id: string } & UpdateLeadRequest>({
      query: ({ id, ...body }) => ({
        url: `/admin/quotes/${id}/update-lead`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => ['Leads', 'Stats', { type: 'Lead', id }],
      onQueryStarted: refreshStatsSoon,
    }),
    moveLead: build.mutation<LeadStatusAnswer, { id: string } & MoveLeadRequest>({
      query: ({ id, ...body }) => ({ url: `/admin/quotes/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => ['Leads', 'Stats', { type: 'Lead', id }],
      onQueryStarted: refreshStatsSoon,
    }),
    trashLead: build.mutation<LeadVersionAnswer, { id: string; expectedVersion?: number }>({
      query: ({ id, expectedVersion }) => ({
        url: `/quotes/${id}/soft`,
        method: 'DELETE',
        params: expectedVersion ? { expectedVersion } : undefined,
      }),
      invalidatesTags: (_r, _e, { id }) => ['Leads', 'Stats', 'DeletedLeads', { type: 'Lead', id }],
      onQueryStarted: refreshStatsSoon,
    }),
    restoreLead: build.mutation<LeadVersionAnswer, { id: string }>({
      query: ({ id }) => ({ url: `/quotes/${id}/restore`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => ['Leads', 'Stats', 'DeletedLeads', { type: 'Lead', id }],
      onQueryStarted: refreshStatsSoon,
    }),
    eraseLead: build.mutation<void, { id: string; expectedVersion: number }>({
      query: ({ id, expectedVersion }) => ({
        url: `/admin/quotes/${id}`,
        method: 'DELETE',
        params: { expectedVersion },
      }),
      invalidatesTags: ['DeletedLeads'],
    }),
    /** Merges lead `id` into `into` (docs/product.md#duplicates): answers the survivor. */
    mergeLead: build.mutation<LeadDetails, { id: string } & MergeLeadRequest>({
      query: ({ id, ...body }) => ({ url: `/admin/quotes/${id}/merge`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id, into }) => [
        'Leads',
        'Stats',
        { type: 'Lead', id },
        { type: 'Lead', id: into },
      ],
      onQueryStarted: refreshStatsSoon,
    }),
    addColumn: build.mutation<PipelineColumn, ColumnInput>({
      query: (body) => ({ url: '/admin/pipeline-columns', method: 'POST', body }),
      invalidatesTags: ['Columns'],
    }),
    editColumn: build.mutation<PipelineColumn, { id: string } & ColumnInput>({
      query: ({ id, ...body }) => ({ url: `/admin/pipeline-columns/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Columns'],
    }),
    removeColumn: build.mutation<MovedLeadsAnswer, { id: string; moveLeadsTo?: string }>({
      query: ({ id, moveLeadsTo }) => ({
        url: `/admin/pipeline-columns/${id}`,
        method: 'DELETE',
        params: moveLeadsTo ? { moveLeadsTo } : undefined,
      }),
      invalidatesTags: ['Columns', 'Leads', 'Stats', 'Lead'],
      onQueryStarted: refreshStatsSoon,
    }),
  }),
});

export const {
  useGetLeadPageQuery,
  useGetLeadQuery,
  useGetLeadHistoryQuery,
  useGetLeadStatsQuery,
  useGetLeadOwnersQuery,
  useGetFollowUpsQuery,
  useGetDeletedLeadsQuery,
  useGetDeletedCountQuery,
  useGetColumnsQuery,
  useCreateLeadMutation,
  useUpdateLeadMutation,
  useMoveLeadMutation,
  useTrashLeadMutation,
  useRestoreLeadMutation,
  useEraseLeadMutation,
  useMergeLeadMutation,
  useAddColumnMutation,
  useEditColumnMutation,
  useRemoveColumnMutation,
} = leadsApi;

/** The 409 answer of a stale change: who changed the lead meanwhile. */
export function conflictOf(error: unknown): LeadConflictAnswer | null {
  const e = error as { status?: number; data?: Partial<LeadConflictAnswer> };
  if (e?.status !== 409 || !e.data || !('changedBy' in e.data)) return null;
  return { changedBy: e.data.changedBy ?? null, message: e.data.message ?? '' };
}
