import type { AnalyticsSummary, WebVitalsSummary } from '#src/contract/analytics';
import { api } from '@/shared/api/api';

export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAnalyticsSummary: build.query<AnalyticsSummary, void>({
      query: () => '/admin/analytics/summary',
    }),
    getWebVitals: build.query<WebVitalsSummary, void>({
      query: () => '/admin/analytics/vitals',
    }),
  }),
});

export const { useGetAnalyticsSummaryQuery, useGetWebVitalsQuery } = analyticsApi;
