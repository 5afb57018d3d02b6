/** What the reports API answers and the Reports tab shows; shared by the server and the admin app. */

export type ReportColumnKind = 'text' | 'count' | 'number' | 'money' | 'days' | 'hours' | 'percent';

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

/** A projection build's progress (a report's, or any other the server reports on). */
export interface ReportBuild {
  processed: number;
  total: number;
  eventsPerSecond: number;
  secondsLeft: number | null;
  /** False when a build stopped half-way (process ended, or it failed); building again resumes it. */
  running: boolean;
  /** Why the last build started by the process answering failed. */
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
  /** Present on a report an admin defined: what it counts, and who defined it when. */
  definition?: DefinedReportInfo;
}

export interface ReportView extends ReportSummary {
  /** Absent until the report is built. */
  content?: ReportContent;
}

/** How often the Reports tab asks for progress while a build runs. */
export const REPORT_PROGRESS_POLL_MS = 1000;

/** What a report an admin defines groups its figures by (docs/product.md#reports-an-admin-defines). */
export const REPORT_GROUPINGS = [
  'month',
  'week',
  'doorStyle',
  'source',
  'owner',
  'column',
] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_GROUPING_LABELS: Record<ReportGrouping, string> = {
  month: 'Month',
  week: 'Week',
  doorStyle: 'Door style',
  source: 'Source',
  owner: 'Owner',
  column: 'Column',
};

/** A report groups by one or two of the groupings. */
export const MAX_REPORT_GROUPINGS = 2;
export const MAX_REPORT_EVENT_TYPES = 20;
export const MAX_REPORT_TITLE_LENGTH = 100;

export const REPORT_MEASURE_KINDS = ['count', 'sum', 'duration'] as const;
export type ReportMeasureKind = (typeof REPORT_MEASURE_KINDS)[number];

/**
 * count: the events; sum: a numeric field of their data (a dotted path into nested objects);
 * duration: from an event of type `from` to the next event of type `to` on the same stream.
 */
export type ReportMeasure =
  | { kind: 'count' }
  | { kind: 'sum'; field: string }
  | { kind: 'duration'; from: string; to: string };

/** What an admin writes: the event types it reads (for count and sum), a measure, a grouping. */
export interface ReportDefinitionInput {
  title: string;
  /** For count and sum; a duration reads its `from` and `to` types and leaves this empty. */
  eventTypes: string[];
  measure: ReportMeasure;
  groupBy: ReportGrouping[];
}

export interface DefinedReportInfo extends ReportDefinitionInput {
  definitionId: string;
  /** 1 for the first definition, one more for each edit. */
  revision: number;
  definedBy: string;
  definedAt: string;
  /** The revision the figures shown were built from (an older one while an edit builds). */
  shownRevision: number | null;
}

/** The event types a report may read, each with its numeric fields, for the definition form. */
export interface ReportVocabulary {
  eventTypes: { type: string; numericFields: string[] }[];
  groupings: { value: ReportGrouping; label: string }[];
}
