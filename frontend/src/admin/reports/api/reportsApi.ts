import type {
  ReportDefinitionInput,
  ReportSummary,
  ReportView,
  ReportVocabulary,
} from '#src/contract/reports';
import { api } from '@/shared/api/api';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reports: build.query<ReportSummary[], void>({
      query: () => '/admin/reports',
    }),
    /**
     * `revision` changes when a build of the report finishes (or a defined report shows an edit),
     * so its new version is fetched.
     */
    report: build.query<ReportView, { name: string; revision: string }>({
      query: ({ name }) => `/admin/reports/${encodeURIComponent(name)}`,
    }),
    startReportBuild: build.mutation<ReportSummary, string>({
      query: (name) => ({
        url: `/admin/reports/${encodeURIComponent(name)}/build`,
        method: 'POST',
      }),
    }),
    reportVocabulary: build.query<ReportVocabulary, void>({
      query: () => '/admin/report-definitions/vocabulary',
    }),
    defineReport: build.mutation<{ name: string }, ReportDefinitionInput>({
      query: (body) => ({ url: '/admin/report-definitions', method: 'POST', body }),
    }),
    changeReportDefinition: build.mutation<
      void,
      { definitionId: string; definition: ReportDefinitionInput }
    >({
      query: ({ definitionId, definition }) => ({
        url: `/admin/report-definitions/${encodeURIComponent(definitionId)}`,
        method: 'PUT',
        body: definition,
      }),
    }),
    removeReportDefinition: build.mutation<void, string>({
      query: (definitionId) => ({
        url: `/admin/report-definitions/${encodeURIComponent(definitionId)}`,
        method: 'DELETE',
      }),
    }),
  }),
});

export const {
  useReportsQuery,
  useReportQuery,
  useStartReportBuildMutation,
  useReportVocabularyQuery,
  useDefineReportMutation,
  useChangeReportDefinitionMutation,
  useRemoveReportDefinitionMutation,
} = reportsApi;
