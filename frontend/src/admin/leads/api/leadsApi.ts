import { api } from '@/shared/api/api';

export const DOOR_STYLES = ['Kehysovi', 'Uritettu', 'Tasapintainen', 'Vetimetön'] as const;
export type DoorStyle = (typeof DOOR_STYLES)[number];

export interface Lead {
  id: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  customerCity: string;
  customerCountry: string;
  doorStyle: DoorStyle | null;
  doors: number;
  drawers: number;
  metres: number;
  totalPrice: number;
  status: string;
  notes: string;
  message: string | null;
  source: 'quote' | 'contact_form' | 'manual';
  patternId: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  version: number;
}

export interface LeadPage {
  items: Lead[];
  total: number;
  page: number;
  pageSize: number;
}

export interface LeadPageArgs {
  search?: string;
  status?: string;
  sort?: '-createdAt' | 'createdAt' | '-totalPrice' | 'totalPrice';
  page: number;
  pageSize: number;
}

export interface LeadStats {
  totalQuotes: number;
  totalRevenue: number;
  potentialRevenue: number;
  activeLeads: number;
  byStatus: { status: string; count: number; value: number }[];
}

export interface HistoryEntry {
  id: string;
  type: string;
  occurredAt: string;
  actorName: string;
  actorRole: string;
  details: Record<string, unknown>;
}

export const COLUMN_COLORS = [
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'gray',
] as const;
export type ColumnColor = (typeof COLUMN_COLORS)[number];

export interface PipelineColumn {
  id: string;
  name: string;
  color: ColumnColor;
}

/** Editable fields as the API names them; every change carries the version the user saw. */
export interface LeadFields {
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  /** None for a contact-form lead until someone picks one. */
  doorStyle: DoorStyle | null;
  doors: number;
  drawers: number;
  metres: number;
  totalPrice: number;
  status: string;
  notes: string;
}

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
    getLeadPage: build.query<LeadPage, LeadPageArgs>({
      query: (params) => ({
        url: '/admin/quotes',
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v != null)),
      }),
      providesTags: ['Leads'],
    }),
    getLead: build.query<Lead, string>({
      query: (id) => `/admin/quotes/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Lead', id }],
    }),
    getLeadHistory: build.query<HistoryEntry[], string>({
      query: (id) => `/admin/quotes/${id}/history`,
      providesTags: (_r, _e, id) => [{ type: 'Lead', id }],
    }),
    getLeadStats: build.query<LeadStats, void>({
      query: () => '/admin/quotes/stats',
      providesTags: ['Stats'],
    }),
    getDeletedLeads: build.query<Lead[], void>({
      query: () => '/quotes/deleted',
      providesTags: ['DeletedLeads'],
    }),
    getDeletedCount: build.query<{ count: number }, void>({
      query: () => '/quotes/deleted/count',
      providesTags: ['DeletedLeads'],
    }),
    getColumns: build.query<PipelineColumn[], void>({
      query: () => '/admin/pipeline-columns',
      providesTags: ['Columns'],
    }),
    createLead: build.mutation<Lead, Partial<LeadFields>>({
      query: (body) => ({ url: '/admin/quotes/create-lead', method: 'POST', body }),
      invalidatesTags: ['Leads', 'Stats'],
      onQueryStarted: refreshStatsSoon,
    }),
    updateLead: build.mutation<Lead, { id: string; expectedVersion: number } & Partial<LeadFields>>(
      {
        query: ({ id, ...body }) => ({
          url: `/admin/quotes/${id}/update-lead`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: (_r, _e, { id }) => ['Leads', 'Stats', { type: 'Lead', id }],
        onQueryStarted: refreshStatsSoon,
      },
    ),
    moveLead: build.mutation<
      { id: string; status: string; version: number },
      { id: string; status: string; expectedVersion: number }
    >({
      query: ({ id, ...body }) => ({ url: `/admin/quotes/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => ['Leads', 'Stats', { type: 'Lead', id }],
      onQueryStarted: refreshStatsSoon,
    }),
    trashLead: build.mutation<
      { id: string; version: number },
      { id: string; expectedVersion?: number }
    >({
      query: ({ id, expectedVersion }) => ({
        url: `/quotes/${id}/soft`,
        method: 'DELETE',
        params: expectedVersion ? { expectedVersion } : undefined,
      }),
      invalidatesTags: (_r, _e, { id }) => ['Leads', 'Stats', 'DeletedLeads', { type: 'Lead', id }],
      onQueryStarted: refreshStatsSoon,
    }),
    restoreLead: build.mutation<{ id: string; version: number }, { id: string }>({
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
    addColumn: build.mutation<PipelineColumn, { name: string; color: ColumnColor }>({
      query: (body) => ({ url: '/admin/pipeline-columns', method: 'POST', body }),
      invalidatesTags: ['Columns'],
    }),
    editColumn: build.mutation<PipelineColumn, { id: string; name: string; color: ColumnColor }>({
      query: ({ id, ...body }) => ({ url: `/admin/pipeline-columns/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Columns'],
    }),
    removeColumn: build.mutation<{ movedLeads: number }, { id: string; moveLeadsTo?: string }>({
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
  useGetDeletedLeadsQuery,
  useGetDeletedCountQuery,
  useGetColumnsQuery,
  useCreateLeadMutation,
  useUpdateLeadMutation,
  useMoveLeadMutation,
  useTrashLeadMutation,
  useRestoreLeadMutation,
  useEraseLeadMutation,
  useAddColumnMutation,
  useEditColumnMutation,
  useRemoveColumnMutation,
} = leadsApi;

/** The 409 answer of a stale change: who changed the lead meanwhile. */
export function conflictOf(error: unknown): { changedBy: string | null; message: string } | null {
  const e = error as { status?: number; data?: { changedBy?: string | null; message?: string } };
  if (e?.status !== 409 || !e.data || !('changedBy' in e.data)) return null;
  return { changedBy: e.data.changedBy ?? null, message: e.data.message ?? '' };
}
