import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { STAFF_ROLES, type StaffRole } from '#src/platform/http/access.decorators.js';

/** Months of reports are the company's months, in Finland. */
export const REPORT_TIME_ZONE = 'Europe/Helsinki';

const monthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

const HOUR_MS = 3_600_000;
/** Months by UTC hour: a replay asks for the month of every new lead, and formatting is slow. */
const monthsByHour = new Map<number, string>();

/** The report month (YYYY-MM) of a moment, for rows that are grouped by it when read. */
export function reportMonth(at: Date | string): string {
  const moment = at instanceof Date ? at : new Date(at);
  // Finland's offsets are whole hours and change on the hour, so every moment of one UTC hour
  // lies in the same local month.
  const hour = Math.floor(moment.getTime() / HOUR_MS);
  let month = monthsByHour.get(hour);
  if (month === undefined) {
    if (monthsByHour.size >= 100_000) monthsByHour.clear();
    month = monthFormat.format(moment).slice(0, 7);
    monthsByHour.set(hour, month);
  }
  return month;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const weeksByHour = new Map<number, string>();

/** The ISO week (YYYY-Www) of a moment's day in Finland, looked up per UTC hour as months are. */
export function reportWeek(at: Date | string): string {
  const moment = at instanceof Date ? at : new Date(at);
  const hour = Math.floor(moment.getTime() / HOUR_MS);
  let week = weeksByHour.get(hour);
  if (week === undefined) {
    if (weeksByHour.size >= 100_000) weeksByHour.clear();
    week = isoWeek(dayFormat.format(moment));
    weeksByHour.set(hour, week);
  }
  return week;
}

/** The ISO 8601 week of a calendar day (YYYY-MM-DD): weeks start on Monday, week 1 holds a Thursday. */
export function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(date.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

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

/** How many of something (stays, answers) took each value (hours, minutes), in order of value. */
export type Histogram = { value: number; count: number }[];

/**
 * The continuous percentile (as PostgreSQL's percentile_cont) of the values a histogram holds:
 * interpolated between the two values either side of the fraction.
 */
export function percentile(histogram: Histogram, fraction: number): number {
  const total = histogram.reduce((sum, bucket) => sum + bucket.count, 0);
  const at = fraction * (total - 1);
  const nth = (index: number) => {
    let seen = 0;
    for (const bucket of histogram) {
      seen += bucket.count;
      if (index < seen) return bucket.value;
    }
    return histogram[histogram.length - 1].value;
  };
  const below = nth(Math.floor(at));
  return below + (nth(Math.ceil(at)) - below) * (at - Math.floor(at));
}
