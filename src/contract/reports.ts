/** What the reports API answers and the Reports tab shows; shared by the server and the admin app. */

export type ReportColumnKind = 'text' | 'count' | 'money' | 'days' | 'hours' | 'percent';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ReportColumnKind;
}

export type ReportCell = string | number | null;

export interface ReportTable {
  title: string;
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
}

/** Bars over one category axis, one series per measure. */
export interface ReportChart {
  title: string;
  categories: string[];
  series: { label: string; data: number[] }[];
}

export interface ReportContent {
  chart: ReportChart;
  tables: ReportTable[];
}

/** not_built: never built (or being built for the first time); ready: live and kept up to date. */
export type ReportState = 'not_built' | 'ready';

export interface ReportBuild {
  processed: number;
  total: number;
  eventsPerSecond: number;
  secondsLeft: number | null;
  /** False when a build stopped half-way; starting the build again resumes it. */
  running: boolean;
  error: string | null;
}

export interface ReportSummary {
  name: string;
  title: string;
  description: string;
  state: ReportState;
  /** The live build was made by an older version of the report: rebuild it. */
  outdated: boolean;
  /** A new version being built beside the live one (or the first build); absent when none. */
  build?: ReportBuild;
}

export interface ReportView extends ReportSummary {
  /** Absent until the report is built. */
  content?: ReportContent;
}

/** How often the Reports tab asks for progress while a build runs. */
export const REPORT_PROGRESS_POLL_MS = 1000;
