import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { STAFF_ROLES, type StaffRole } from '#src/platform/http/access.decorators.js';

/** Months of reports are the company's months, in Finland. */
export const REPORT_TIME_ZONE = 'Europe/Helsinki';

const monthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

/** The report month (YYYY-MM) of a moment, for rows that are grouped by it when read. */
export const reportMonth = (at: Date | string) => monthFormat.format(new Date(at)).slice(0, 7);

/** SQL giving the report month (YYYY-MM) of a timestamptz column. */
export const monthOf = (column: string) =>
  `to_char(${column} at time zone '${REPORT_TIME_ZONE}', 'YYYY-MM')`;

/** The staff member who caused an event, or null for the public, the system and imports. */
export function staffActor(
  event: RecordedEvent,
): { id: string; name: string; role: StaffRole } | null {
  const { actorId, actorName, actorRole } = event.metadata;
  if (!actorId || !STAFF_ROLES.includes(actorRole as StaffRole)) return null;
  return { id: actorId, name: actorName, role: actorRole as StaffRole };
}
