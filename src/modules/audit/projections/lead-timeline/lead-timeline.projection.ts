import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { Projection } from '#src/platform/projections/projection.decorator.js';
import { projectionOf } from '#src/platform/projections/projection-of.js';
import type { ProjectionContext } from '#src/platform/projections/projection.types.js';
import {
  LEAD_BOARD_EVENT_TYPES,
  type LeadEvent,
  leadIdFromStream,
} from '#src/modules/leads/index.js';

export const LEAD_TIMELINE_TABLE = 'lead_timeline';

/** What the board shows of a lead, over one period of time. */
export interface TimelineRow {
  lead_id: string;
  seq: number;
  valid_from: string;
  /** null while the period is still open. */
  valid_to: string | null;
  status: string;
  total_price: number;
  door_style: string | null;
  /** False while trashed or after erasure: not on the board. */
  on_board: boolean;
  created_at: string;
}

const HANDLES = LEAD_BOARD_EVENT_TYPES;

const RECORD_TYPE = `lead_id uuid, seq int, valid_from timestamptz, valid_to timestamptz,
  status text, total_price numeric(12,2), door_style text, on_board boolean, created_at timestamptz`;

/**
 * Each lead's board-relevant state as periods of time (status, price, door style, on the board or
 * not), so the board and its totals as of any past moment are one indexed query instead of a
 * replay of the whole log. Async: it is for looking back, not for reading one's own writes.
 */
@Projection()
@Injectable()
export class LeadTimelineProjection extends projectionOf({
  name: 'lead_timeline',
  mode: 'async',
  version: 1,
  handles: HANDLES,
  tables: [LEAD_TIMELINE_TABLE],
}) {
  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    const t = tables[LEAD_TIMELINE_TABLE];
    await db.query(
      `create table ${t} (${RECORD_TYPE.replace('seq int', 'seq int not null')}, primary key (lead_id, seq))`,
    );
    // "Which periods contain moment T" for the leads on the board.
    await db.query(
      `create index ${t}_period on ${t} using gist (tstzrange(valid_from, valid_to, '[)')) where on_board`,
    );
    await db.query(`create index ${t}_open on ${t} (lead_id) where valid_to is null`);
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const t = tables[LEAD_TIMELINE_TABLE];
    const ids = [...new Set(events.map((e) => leadIdFromStream(e.streamId)))];
    const { rows: open } = await db.query<TimelineRow>(
      `select lead_id, seq, valid_from, valid_to, status, total_price::float8 as total_price,
              door_style, on_board, created_at
       from ${t} where lead_id = any($1::uuid[]) and valid_to is null`,
      [ids],
    );
    const current = new Map(open.map((row) => [row.lead_id, row]));
    const written = new Map<string, TimelineRow>();
    for (const event of events) {
      const id = leadIdFromStream(event.streamId);
      const before = current.get(id);
      // A stream's events come in version order, but a later version can carry an earlier clock
      // reading (its command read the time before it waited for the append): periods never run
      // backwards, so such an event starts its period where the previous one started.
      const openedAt = before ? new Date(before.valid_from).getTime() : Number.NEGATIVE_INFINITY;
      const at = new Date(Math.max(event.occurredAt.getTime(), openedAt)).toISOString();
      const next = nextState(before, id, event as unknown as LeadEvent & RecordedEvent, at);
      if (!next) continue;
      if (before) {
        const closed = { ...before, valid_to: at };
        written.set(`${id}:${before.seq}`, closed);
      }
      const opened: TimelineRow = {
        ...next,
        seq: (before?.seq ?? 0) + 1,
        valid_from: at,
        valid_to: null,
      };
      current.set(id, opened);
      written.set(`${id}:${opened.seq}`, opened);
    }
    if (written.size === 0) return;
    await db.query(
      `insert into ${t} select * from jsonb_to_recordset($1::jsonb) as r(${RECORD_TYPE})
       on conflict (lead_id, seq) do update set valid_to = excluded.valid_to`,
      [JSON.stringify([...written.values()])],
    );
  }
}

type State = Omit<TimelineRow, 'seq' | 'valid_from' | 'valid_to'>;

/** The lead's board state after the event, or undefined when the board would not change. */
function nextState(
  before: TimelineRow | undefined,
  id: string,
  event: LeadEvent & RecordedEvent,
  at: string,
): State | undefined {
  if (event.type === 'LeadCreated') {
    return {
      lead_id: id,
      status: event.data.status,
      total_price: event.data.totalPrice,
      door_style: event.data.doorStyle,
      on_board: true,
      created_at: at,
    };
  }
  if (!before) return undefined;
  const state: State = {
    lead_id: id,
    status: before.status,
    total_price: Number(before.total_price),
    door_style: before.door_style,
    on_board: before.on_board,
    created_at: new Date(before.created_at).toISOString(),
  };
  switch (event.type) {
    case 'LeadStatusChanged':
      return { ...state, status: event.data.to };
    case 'LeadDetailsChanged': {
      const { totalPrice, doorStyle } = event.data.changes;
      if (!totalPrice && !doorStyle) return undefined;
      return {
        ...state,
        total_price: totalPrice ? totalPrice.to : state.total_price,
        door_style: doorStyle ? doorStyle.to : state.door_style,
      };
    }
    case 'LeadTrashed':
    case 'LeadErased':
    case 'LeadMerged':
      return state.on_board ? { ...state, on_board: false } : undefined;
    case 'LeadRestored':
      return { ...state, on_board: true };
    default:
      return undefined;
  }
}
