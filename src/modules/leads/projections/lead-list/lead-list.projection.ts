import { Injectable } from '@nestjs/common';
import type { QueryConfig } from 'pg';
import type { DoorStyle, LeadSource } from '#src/contract/leads.js';
import type { InlineEvent } from '#src/platform/event-store/event-store.types.js';
import { Projection } from '#src/platform/projections/projection.decorator.js';
import { projectionOf } from '#src/platform/projections/projection-of.js';
import type { ProjectionContext } from '#src/platform/projections/projection.types.js';
import {
  LEAD_EVENT_TYPES,
  type LeadEvent,
  leadIdFromStream,
} from '#src/modules/leads/domain/lead.events.js';
import { evolveKept, type LeadState } from '#src/modules/leads/domain/lead.state.js';
import { emailKey, phoneKey } from '#src/modules/leads/domain/contact-match.js';

/** One row of the lead list read model, as stored. */
export interface LeadListRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  message: string | null;
  notes: string | null;
  door_style: DoorStyle | null;
  doors: number;
  drawers: number;
  metres: number;
  total_price: number;
  status: string;
  source: LeadSource;
  pattern_id: string | null;
  visitor_id: string | null;
  owner_id: string | null;
  /** `YYYY-MM-DD` of the open follow-up. */
  follow_up_on: string | null;
  follow_up_note: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  erased_at: string | null;
  /** The lead this one was merged into (docs/decisions/0127-duplicate-leads.md). */
  merged_into: string | null;
  /** The contact-match keys of the e-mail and phone; null when they give none or once erased. */
  email_key: string | null;
  phone_key: string | null;
  version: number;
}

const COLUMNS: [keyof LeadListRow, string][] = [
  ['id', 'uuid'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['address', 'text'],
  ['city', 'text'],
  ['country', 'text'],
  ['message', 'text'],
  ['notes', 'text'],
  ['door_style', 'text'],
  ['doors', 'int'],
  ['drawers', 'int'],
  ['metres', 'numeric(12,2)'],
  ['total_price', 'numeric(12,2)'],
  ['status', 'text'],
  ['source', 'text'],
  ['pattern_id', 'text'],
  ['visitor_id', 'text'],
  ['owner_id', 'uuid'],
  ['follow_up_on', 'date'],
  ['follow_up_note', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['deleted_at', 'timestamptz'],
  ['erased_at', 'timestamptz'],
  ['merged_into', 'uuid'],
  ['email_key', 'text'],
  ['phone_key', 'text'],
  ['version', 'int'],
];
const NAMES = COLUMNS.map(([name]) => name).join(', ');
const RECORD_TYPE = COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');
/** The columns a status move, trash, restore, assignment or follow-up done changes (`rowPatch`). */
const PATCH_COLUMNS = [
  'status',
  'deleted_at',
  'owner_id',
  'follow_up_on',
  'follow_up_note',
  'updated_at',
  'version',
].join(', ');
const UPDATES = COLUMNS.filter(([name]) => name !== 'id')
  .map(([name]) => `${name} = excluded.${name}`)
  .join(', ');

export const LEAD_LIST_TABLE = 'lead_list';
/** Search text apart, so the frequent status moves never touch the trigram index. */
export const LEAD_SEARCH_TABLE = 'lead_search';
/**
 * The duplicate links, one row per direction, so a lead's links are read by its own id: a link
 * is recorded on the newer lead's stream and shown on both (docs/decisions/0127-duplicate-leads.md).
 */
export const LEAD_LINKS_TABLE = 'lead_links';
/** A lead on the board: neither in the bin, erased nor merged into another. */
export const ACTIVE_LEAD = 'deleted_at is null and erased_at is null and merged_into is null';

/**
 * Lead list, board and detail read model, kept inline so staff read their own writes.
 * Personal fields are plain here (the app needs them to search and show) and are wiped on erasure.
 */
@Projection()
@Injectable()
export class LeadListProjection extends projectionOf({
  name: 'lead_list',
  mode: 'inline',
  version: 4,
  handles: LEAD_EVENT_TYPES,
  needsPersonalData: true,
  tables: [LEAD_LIST_TABLE, LEAD_SEARCH_TABLE, LEAD_LINKS_TABLE],
}) {
  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    const t = tables[LEAD_LIST_TABLE];
    await db.query(`create table ${t} (
      ${COLUMNS.map(([name, type]) => `${name} ${type}${name === 'id' ? ' primary key' : ''}`).join(', ')}
    )`);
    // Active list: newest first, optionally per status; the bin: newest deletion first.
    await db.query(
      `create index ${t}_active_created on ${t} (created_at desc, id) where ${ACTIVE_LEAD}`,
    );
    await db.query(
      `create index ${t}_active_status on ${t} (status, created_at desc) where ${ACTIVE_LEAD}`,
    );
    await db.query(
      `create index ${t}_active_price on ${t} (total_price desc) where ${ACTIVE_LEAD}`,
    );
    // "My leads" on the board, and the follow-ups due by a day.
    await db.query(
      `create index ${t}_active_owner on ${t} (owner_id, status, created_at desc) where ${ACTIVE_LEAD}`,
    );
    await db.query(
      `create index ${t}_follow_ups on ${t} (follow_up_on) where follow_up_on is not null and ${ACTIVE_LEAD}`,
    );
    await db.query(
      `create index ${t}_bin on ${t} (deleted_at desc) where deleted_at is not null and erased_at is null and merged_into is null`,
    );
    // A new lead's duplicates are looked up by these keys among the active leads.
    await db.query(
      `create index ${t}_active_email_key on ${t} (email_key) where email_key is not null and ${ACTIVE_LEAD}`,
    );
    await db.query(
      `create index ${t}_active_phone_key on ${t} (phone_key) where phone_key is not null and ${ACTIVE_LEAD}`,
    );
    await db.query(
      `create table ${tables[LEAD_LINKS_TABLE]} (lead_id uuid not null, other_id uuid not null, primary key (lead_id, other_id))`,
    );
    const search = tables[LEAD_SEARCH_TABLE];
    await db.query(`create table ${search} (id uuid primary key, search text not null)`);
    await db.query(`create index ${search}_trgm on ${search} using gin (search gin_trgm_ops)`);
  }

  async apply(events: InlineEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const t = tables[LEAD_LIST_TABLE];
    const { patches, folded } = splitByNeed(events);
    const createdHere = new Set(
      folded.filter((e) => e.type === 'LeadCreated').map((e) => leadIdFromStream(e.streamId)),
    );
    const toLoad = [...new Set(folded.map((e) => leadIdFromStream(e.streamId)))].filter(
      (id) => !createdHere.has(id),
    );
    const loaded = new Map<string, LeadListRow>();
    if (toLoad.length > 0) {
      const { rows: found } = await db.query<LeadListRow>(
        `select ${NAMES} from ${t} where id = any($1::uuid[])`,
        [toLoad],
      );
      for (const row of found) loaded.set(row.id, row);
    }
    const rows = new Map(loaded);
    for (const event of folded) {
      const id = leadIdFromStream(event.streamId);
      const next = applyLeadEvent(rows.get(id), id, event);
      if (next) rows.set(id, next);
    }
    const links = events
      .filter((e) => e.type === 'LeadLinkedAsDuplicate')
      .flatMap((e) => {
        const id = leadIdFromStream(e.streamId);
        const other = (e.data as { otherLeadId: string }).otherLeadId;
        return [
          { lead_id: id, other_id: other },
          { lead_id: other, other_id: id },
        ];
      });
    const s = tables[LEAD_SEARCH_TABLE];
    const searches = [...rows.values()]
      .map((row) => ({ id: row.id, search: searchText(row) }))
      .filter(({ id, search }) => !loaded.has(id) || searchText(loaded.get(id)!) !== search);
    const noLongerSearched = searches.filter(({ search }) => !search).map(({ id }) => id);
    // Sent without waiting for each other: on a pipelining connection they share a round trip.
    await Promise.all([
      rows.size > 0 &&
        db.query(
          upsertStatement(
            t,
            s,
            [...rows.values()],
            searches.filter(({ search }) => search),
          ),
        ),
      patches.size > 0 && db.query(patchStatement(t, patches)),
      noLongerSearched.length > 0 &&
        db.query(`delete from ${s} where id = any($1::uuid[])`, [noLongerSearched]),
      links.length > 0 &&
        db.query(
          `insert into ${tables[LEAD_LINKS_TABLE]} (lead_id, other_id)
           select lead_id, other_id from jsonb_to_recordset($1::jsonb) as r(lead_id uuid, other_id uuid)
           on conflict do nothing`,
          [JSON.stringify(links)],
        ),
    ]);
  }
}

/**
 * New and refolded rows with their search texts. Prepared once per connection: it finds rows only
 * through its inserts' conflicts on the primary keys, so no plan of it scans a table.
 */
function upsertStatement(
  t: string,
  s: string,
  rows: LeadListRow[],
  searches: { id: string; search: string }[],
): QueryConfig {
  return {
    name: `lead-list-upsert-${t}`,
    text: `with upserted as (
       insert into ${t} (${NAMES})
       select ${NAMES} from jsonb_to_recordset($1::jsonb) as r(${RECORD_TYPE})
       on conflict (id) do update set ${UPDATES}
     )
     insert into ${s} (id, search) select id, search from jsonb_to_recordset($2::jsonb) as r(id uuid, search text)
     on conflict (id) do update set search = excluded.search`,
    values: [JSON.stringify(rows), JSON.stringify(searches)],
  };
}

/**
 * Status moves, trash and restore, in place. Planned on every run, so the plan follows the
 * table's size: one kept from when the table was small scans it whole
 * (docs/decisions/0045-prepared-plans-reach-tables-by-key.md).
 */
function patchStatement(t: string, patches: Map<string, Partial<LeadListRow>>): QueryConfig {
  const byId = Object.fromEntries([...patches].map(([id, patch]) => [id.toLowerCase(), patch]));
  return {
    text: `update ${t} l set (${PATCH_COLUMNS}) =
       (select ${PATCH_COLUMNS} from jsonb_populate_record(l, $1::jsonb -> l.id::text))
     where l.id = any($2::uuid[])`,
    values: [JSON.stringify(byId), [...patches.keys()]],
  };
}

/**
 * Leads whose events here only move status, trash or restore are patched in place, without
 * reading their rows first; the others are read and folded whole.
 */
function splitByNeed(events: InlineEvent[]): {
  patches: Map<string, Partial<LeadListRow>>;
  folded: InlineEvent[];
} {
  const byLead = new Map<string, InlineEvent[]>();
  for (const event of events) {
    const id = leadIdFromStream(event.streamId);
    const own = byLead.get(id);
    if (own) own.push(event);
    else byLead.set(id, [event]);
  }
  const patches = new Map<string, Partial<LeadListRow>>();
  const folded: InlineEvent[] = [];
  for (const [id, own] of byLead) {
    const parts = own.map(rowPatch);
    if (parts.every((part) => part !== null)) patches.set(id, Object.assign({}, ...parts));
    else folded.push(...own);
  }
  return { patches, folded };
}

/** What a status move, trash or restore sets on a lead's row, whatever else the row holds. */
function rowPatch(recorded: InlineEvent): Partial<LeadListRow> | null {
  const event = recorded as unknown as LeadEvent;
  const touched = {
    updated_at: recorded.occurredAt.toISOString(),
    version: recorded.streamVersion,
  };
  switch (event.type) {
    case 'LeadStatusChanged':
      return { ...touched, status: event.data.to };
    case 'LeadTrashed':
      return { ...touched, deleted_at: touched.updated_at };
    case 'LeadRestored':
      return { ...touched, deleted_at: null };
    case 'LeadAssigned':
      return { ...touched, owner_id: event.data.memberId };
    case 'FollowUpDone':
      return { ...touched, follow_up_on: null, follow_up_note: null };
    // The links are rows of their own (`apply`); absorbing another lead changes no column.
    case 'LeadLinkedAsDuplicate':
    case 'LeadAbsorbed':
      return touched;
    default:
      return null;
  }
}

/** What the list search matches: first name, last name and e-mail; nothing once erased. */
function searchText(
  row: Pick<LeadListRow, 'first_name' | 'last_name' | 'email' | 'erased_at'>,
): string {
  if (row.erased_at) return '';
  return [row.first_name, row.last_name, row.email].filter(Boolean).join(' ').toLowerCase();
}

/**
 * Folds one event into a row with the lead's own `evolve`: the row is read as the lead's state,
 * evolved, and written back with the times the state does not keep. Events for a lead whose
 * creation is unknown are skipped.
 */
export function applyLeadEvent(
  row: LeadListRow | undefined,
  id: string,
  recorded: InlineEvent,
): LeadListRow | undefined {
  const state = evolveKept(row && stateOfRow(row), recorded as unknown as LeadEvent);
  if (!state) return undefined;
  const at = recorded.occurredAt.toISOString();
  const since = (now: boolean, before: string | null | undefined) => (now ? (before ?? at) : null);
  const contact = state.contact;
  return {
    id,
    first_name: contact?.firstName ?? null,
    last_name: contact?.lastName ?? null,
    email: contact?.email ?? null,
    phone: contact?.phone ?? null,
    address: contact?.address ?? null,
    city: contact?.city ?? null,
    country: contact?.country ?? null,
    message: state.message,
    notes: state.erased ? null : state.notes,
    door_style: state.order.doorStyle,
    doors: state.order.doors,
    drawers: state.order.drawers,
    metres: state.order.metres,
    total_price: state.order.totalPrice,
    status: state.status,
    source: state.source ?? 'manual',
    pattern_id: state.patternId,
    visitor_id: state.visitorId,
    owner_id: state.ownerId,
    follow_up_on: state.followUp?.dueOn ?? null,
    follow_up_note: state.followUp?.note ?? null,
    created_at: row?.created_at ?? at,
    updated_at: at,
    deleted_at: since(state.trashed, row?.deleted_at),
    erased_at: since(state.erased, row?.erased_at),
    merged_into: state.mergedInto,
    email_key: emailKey(contact?.email),
    phone_key: phoneKey(contact?.phone),
    version: recorded.streamVersion,
  };
}

/** A date column as `YYYY-MM-DD`, whether it came back as text or as a Date at local midnight. */
export function calendarDay(value: string | Date): string {
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** The row's contact columns by the lead's names; an erased column reads as empty. */
export function contactOfRow(row: LeadListRow) {
  return {
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    address: row.address ?? '',
    city: row.city ?? '',
    country: row.country ?? '',
  };
}

/** A stored row as the lead's state; personal columns are all null once erased or unreadable. */
function stateOfRow(row: LeadListRow): LeadState {
  const personal = row.erased_at === null && (row.first_name !== null || row.email !== null);
  return {
    exists: true,
    status: row.status,
    trashed: row.deleted_at !== null,
    erased: row.erased_at !== null,
    contact: personal ? contactOfRow(row) : null,
    order: {
      doorStyle: row.door_style as DoorStyle | null,
      doors: row.doors,
      drawers: row.drawers,
      // numeric columns come back from PostgreSQL as text
      metres: Number(row.metres),
      totalPrice: Number(row.total_price),
    },
    notes: row.notes ?? '',
    message: row.message,
    visitorId: row.visitor_id,
    source: row.source as LeadSource,
    patternId: row.pattern_id,
    ownerId: row.owner_id,
    followUp: row.follow_up_on
      ? { dueOn: calendarDay(row.follow_up_on), note: row.follow_up_note ?? '' }
      : null,
    mergedInto: row.merged_into,
  };
}
