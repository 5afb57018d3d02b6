import type { AuditEntryView } from '#src/contract/audit.js';
import { csvLine } from '#src/contract/csv.js';

export const AUDIT_CSV_HEADER = 'time,actor,role,action,target,sentence,event type\r\n';

export function auditCsvLine(entry: AuditEntryView): string {
  // Names typed by customers end up in sentences: csvLine defuses formula prefixes.
  return csvLine([
    entry.occurredAt,
    entry.actor.name,
    entry.actor.role,
    entry.action,
    entry.target?.label ?? '',
    entry.sentence,
    entry.eventType,
  ]);
}
