/** Events of the reports module: who started a report build, and who exported the log with personal data. */

export const REPORT_STREAM_TYPE = 'report';
export const reportStreamId = (report: string) => `report-${report}`;

export const EVENT_EXPORT_STREAM_TYPE = 'event-export';
export const EVENT_EXPORT_STREAM_ID = 'event-exports';

export const ReportEvents = {
  ReportBuildStarted: 'ReportBuildStarted',
  /** The event log was exported with personal data in it (without, nothing is recorded). */
  EventLogExported: 'EventLogExported',
} as const;

export interface ReportBuildStarted {
  type: typeof ReportEvents.ReportBuildStarted;
  /** rebuild: a new version beside the live one; else the report's first build. */
  data: { report: string; rebuild: boolean };
}

export interface EventLogExported {
  type: typeof ReportEvents.EventLogExported;
  /** Where the export started: after a log position, or from a date (ISO 8601). */
  data: { afterPosition: number | null; since: string | null; includePersonalData: true };
}

export type ReportEvent = ReportBuildStarted | EventLogExported;
