import type { ReportDefinitionInput } from '#src/contract/reports.js';

/** The plainest report an admin can define: the leads created, counted per month. */
export const LEADS_BY_MONTH: ReportDefinitionInput = {
  title: 'Leads by month',
  eventTypes: ['LeadCreated'],
  measure: { kind: 'count' },
  groupBy: ['month'],
};
