import type { Queryable } from '#src/platform/database/queryable.js';
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

/** Column name → PostgreSQL type, in the order of the table's columns. */
export type RowShape = Record<string, string>;

const recordset = (shape: RowShape) =>
  `jsonb_to_recordset($1::jsonb) as r(${Object.entries(shape)
    .map(([column, type]) => `${column} ${type}`)
    .join(', ')})`;

/** Rows of `table` whose `key` is one of `ids`. */
export async function loadRows<T>(
  db: Queryable,
  table: string,
  key: string,
  keyType: string,
  ids: readonly string[],
): Promise<T[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query(`select * from ${table} where ${key} = any($1::${keyType}[])`, [
    ids,
  ]);
  return rows as T[];
}

/**
 * Writes many rows in one statement. `onConflict` is the statement's `on conflict` clause
 * (`(key) do nothing`, `(key) do update set …`); without it a duplicate is an error.
 */
export async function insertRows(
  db: Queryable,
  table: string,
  shape: RowShape,
  rows: readonly object[],
  onConflict?: string,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(shape).join(', ');
  await db.query(
    `insert into ${table} as t (${columns}) select ${columns} from ${recordset(shape)}
     ${onConflict ? `on conflict ${onConflict}` : ''}`,
    [JSON.stringify(rows)],
  );
}

/** `on conflict` clause that overwrites every column but the key with the new row's. */
export function replaceOnConflict(key: string, shape: RowShape): string {
  const set = Object.keys(shape)
    .filter((column) => column !== key)
    .map((column) => `${column} = excluded.${column}`)
    .join(', ');
  return `(${key}) do update set ${set}`;
}

/** The staff member who caused an event, or null for the public, the system and imports. */
export function staffActor(
  event: RecordedEvent,
): { id: string; name: string; role: StaffRole } | null {
  const { actorId, actorName, actorRole } = event.metadata;
  if (!actorId || !STAFF_ROLES.includes(actorRole as StaffRole)) return null;
  return { id: actorId, name: actorName, role: actorRole as StaffRole };
}

export const daysBetween = (from: Date | string, to: Date | string) =>
  (new Date(to).getTime() - new Date(from).getTime()) / 86_400_000;
