import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { Projection } from '#src/platform/projections/projection.decorator.js';
import { projectionOf } from '#src/platform/projections/projection-of.js';
import type { ProjectionContext } from '#src/platform/projections/projection.types.js';
import {
  LEAD_BOARD_EVENT_TYPES,
  type LeadEvent,
  leadIdFromStream,
} from '#src/modules/leads/domain/lead.events.js';
import {
  evolveKept,
  INITIAL_LEAD_STATE,
  type LeadState,
} from '#src/modules/leads/domain/lead.state.js';

export const LEAD_STATS_TABLE = 'lead_stats';
/** The Overview's totals: an async projection, so screens learn when it has caught up. */
export const LEAD_STATS_PROJECTION = 'lead_stats';
const LEADS_TABLE = 'lead_stats_leads';

interface CountedLead {
  id: string;
  status: string;
  total_price: number;
  active: boolean;
}

/**
 * Lead count and value per status for the overview cards, maintained by deltas so reading the
 * stats never sums the lead table. Async: many concurrent status changes would otherwise queue
 * on the few hot status rows.
 */
@Projection()
@Injectable()
export class LeadStatsProjection extends projectionOf({
  name: LEAD_STATS_PROJECTION,
  mode: 'async',
  version: 2,
  handles: LEAD_BOARD_EVENT_TYPES,
  tables: [LEAD_STATS_TABLE, LEADS_TABLE],
}) {
  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(`create table ${tables[LEAD_STATS_TABLE]} (
      status text primary key,
      lead_count int not null default 0,
      total_value numeric(16,2) not null default 0
    )`);
    await db.query(`create table ${tables[LEADS_TABLE]} (
      id uuid primary key,
      status text not null,
      total_price numeric(12,2) not null,
      active boolean not null
    )`);
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const ids = [...new Set(events.map((e) => leadIdFromStream(e.streamId)))];
    const { rows: loaded } = await db.query<CountedLead>(
      `select id, status, total_price::float8 as total_price, active from ${tables[LEADS_TABLE]}
       where id = any($1::uuid[])`,
      [ids],
    );
    const before = new Map(loaded.map((r) => [r.id, r]));
    const after = new Map(before);
    for (const event of events) {
      const id = leadIdFromStream(event.streamId);
      const counted = countedAfter(after.get(id), id, event as unknown as LeadEvent);
      if (counted) after.set(id, counted);
    }
    const deltas = new Map<string, { count: number; value: number }>();
    const add = (lead: CountedLead | undefined, sign: 1 | -1) => {
      if (!lead?.active) return;
      const delta = deltas.get(lead.status) ?? { count: 0, value: 0 };
      delta.count += sign;
      delta.value += sign * Number(lead.total_price);
      deltas.set(lead.status, delta);
    };
    for (const [id, lead] of after) {
      add(before.get(id), -1);
      add(lead, 1);
    }
    if (after.size > 0) {
      await db.query(
        `insert into ${tables[LEADS_TABLE]} (id, status, total_price, active)
         select id, status, total_price, active
         from jsonb_to_recordset($1::jsonb) as r(id uuid, status text, total_price numeric, active boolean)
         on conflict (id) do update set status = excluded.status,
           total_price = excluded.total_price, active = excluded.active`,
        [JSON.stringify([...after.values()])],
      );
    }
    const changed = [...deltas].filter(([, d]) => d.count !== 0 || d.value !== 0);
    if (changed.length > 0) {
      await db.query(
        `insert into ${tables[LEAD_STATS_TABLE]} as s (status, lead_count, total_value)
         select * from unnest($1::text[], $2::int[], $3::numeric[])
         on conflict (status) do update set lead_count = s.lead_count + excluded.lead_count,
           total_value = s.total_value + excluded.total_value`,
        [
          changed.map(([s]) => s),
          changed.map(([, d]) => d.count),
          changed.map(([, d]) => d.value.toFixed(2)),
        ],
      );
      // A status back at nothing has no row, as in a rebuild, which never sees it counted.
      await db.query(
        `delete from ${tables[LEAD_STATS_TABLE]}
         where status = any($1) and lead_count = 0 and total_value = 0`,
        [changed.map(([s]) => s)],
      );
    }
  }
}

/**
 * The counted lead after an event, by the lead's own `evolve`; events for a lead whose creation
 * this projection has not seen are skipped.
 */
function countedAfter(
  lead: CountedLead | undefined,
  id: string,
  event: LeadEvent,
): CountedLead | undefined {
  const state = evolveKept(lead && stateOfCounted(lead), event);
  if (!state) return undefined;
  return {
    id,
    status: state.status,
    total_price: state.order.totalPrice,
    active: !state.trashed && !state.erased && state.mergedInto === null,
  };
}

/** Only what the counts need; an inactive lead is one in the bin, erased or merged. */
function stateOfCounted(lead: CountedLead): LeadState {
  return {
    ...INITIAL_LEAD_STATE,
    exists: true,
    status: lead.status,
    trashed: !lead.active,
    order: { ...INITIAL_LEAD_STATE.order, totalPrice: Number(lead.total_price) },
  };
}
