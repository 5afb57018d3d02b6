/**
 * Every module that shows or exports personal data records the reading through this command; the
 * audit module handles it and keeps the record (docs/product.md#audit-log). It lives in the
 * platform so those modules need not depend on audit, which reads their events.
 */

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

/** Records that the acting member read or exported personal data. */
export class RecordDataAccessCommand {
  constructor(readonly access: DataAccessEvent) {}
}
