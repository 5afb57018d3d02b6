/**
 * Reads of personal data, recorded so "who has seen my data" can be answered for any person.
 * One stream per reader: recording never contends with changes to the lead itself.
 */
export const DATA_ACCESS_STREAM_TYPE = 'data-access';
export const dataAccessStream = (actorId: string | null) => `data-access-${actorId ?? 'system'}`;

export const DataAccessEvents = {
  LeadDetailsViewed: 'LeadDetailsViewed',
  PersonalDataExported: 'PersonalDataExported',
} as const;

/** What was exported: the audit log as CSV, for now; other exports add their own kind. */
export type ExportKind = 'audit_log_csv';

export type LeadDetailsViewedData = { leadId: string };

export type PersonalDataExportedData = {
  what: ExportKind;
  /** The filters the export was made with, as the caller sent them. */
  filter: Record<string, string>;
  rows: number;
};

export type DataAccessEvent =
  | { type: 'LeadDetailsViewed'; data: LeadDetailsViewedData }
  | { type: 'PersonalDataExported'; data: PersonalDataExportedData };
