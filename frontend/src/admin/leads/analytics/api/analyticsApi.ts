import type { AnalyticsSummary } from '#src/contract/analytics';
import { api } from '@/shared/api/api';

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnalyticsSummary: build.query<AnalyticsSummary, void>({
      query: () => '/admin/analytics/summary',
    }),
  }),
});

export const { useGetAnalyticsSummaryQuery } = analyticsApi;
