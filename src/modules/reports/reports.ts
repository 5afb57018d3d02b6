import { LeadSourcesReport } from './projections/lead-sources.report.js';
import { PipelineFunnelReport } from './projections/pipeline-funnel.report.js';
import { RevenueReport } from './projections/revenue.report.js';
import { StaffActivityReport } from './projections/staff-activity.report.js';
import { TimeInStageReport } from './projections/time-in-stage.report.js';

/** Every report, in the order the Reports tab lists them. A new report class goes here. */
export const REPORTS = [
  PipelineFunnelReport,
  TimeInStageReport,
  RevenueReport,
  LeadSourcesReport,
  StaffActivityReport,
];
