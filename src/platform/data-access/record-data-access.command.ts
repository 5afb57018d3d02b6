/**
 * Every module that shows or exports personal data records the reading through this command; the
 * audit module handles it and keeps the record (docs/product.md#audit-log). It lives in the
 * platform so those modules need not depend on audit, which reads their events.
 */

/** What was exported; each export adds its own kind. */
export type ExportKind = 'audit_log_csv' | 'leads_csv' | 'subject_access';

export type LeadDetailsViewedData = { leadId: string };

/** The filters an export can be narrowed by; the record keeps which were used, never their values. */
export const EXPORT_FILTER_KINDS = [
  'actorId',
  'type',
  'leadId',
  'memberId',
  'from',
  'to',
  'q',
  // the leads export's: the board's filters
  'search',
  'status',
  'owner',
  // the right-of-access export's: the person's e-mail
  'email',
] as const;
export type ExportFilterKind = (typeof EXPORT_FILTER_KINDS)[number];

/**
 * Version 2: the filters' kinds, not their values. Version 1 kept the values, and a free-text
 * filter may be a customer's e-mail, which no erasure could remove from the log
 * (docs/decisions/0106-no-personal-data-outside-the-vault.md).
 */
export type PersonalDataExportedData = {
  what: ExportKind;
  filterKinds: ExportFilterKind[];
  rows: number;
};

/** The kinds of the filters given, in a stable order. */
export function filterKindsOf(
  filter: Partial<Record<ExportFilterKind, unknown>>,
): ExportFilterKind[] {
  return EXPORT_FILTER_KINDS.filter((kind) => filter[kind] !== undefined && filter[kind] !== null);
}

export type DataAccessEvent =
  | { type: 'LeadDetailsViewed'; data: LeadDetailsViewedData }
  | { type: 'PersonalDataExported'; data: PersonalDataExportedData };

/** Records that the acting member read or exported personal data. */
export class RecordDataAccessCommand {
  constructor(readonly access: DataAccessEvent) {}
}
