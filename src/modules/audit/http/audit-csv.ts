import type { AuditEntryView } from '#src/contract/audit.js';

export const AUDIT_CSV_HEADER = 'time,actor,role,action,target,sentence,event type\r\n';

/**
 * One CSV cell. Names typed by customers end up in sentences: a leading = + - @ is defused so a
 * spreadsheet never runs a cell as a formula.
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function auditCsvLine(entry: AuditEntryView): string {
  return (
    [
      entry.occurredAt,
      entry.actor.name,
      entry.actor.role,
      entry.action,
      entry.target?.label ?? '',
      entry.sentence,
      entry.eventType,
    ]
      .map(cell)
      .join(',') + '\r\n'
  );
}
