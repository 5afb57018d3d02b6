import type { ReportSummary, ReportView } from '#src/contract/reports';
import { api } from '@/shared/api/api';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reports: build.query<ReportSummary[], void>({
      query: () => '/admin/reports',
    }),
    /** `revision` changes when a build of the report finishes, so its new version is fetched. */
    report: build.query<ReportView, { name: string; revision: number }>({
      query: ({ name }) => `/admin/reports/${encodeURIComponent(name)}`,
    }),
    startReportBuild: build.mutation<ReportSummary, string>({
      query: (name) => ({
        url: `/admin/reports/${encodeURIComponent(name)}/build`,
        method: 'POST',
      }),
    }),
  }),
});

export const { useReportsQuery, useReportQuery, useStartReportBuildMutation } = reportsApi;
