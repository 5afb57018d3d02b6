import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { BoardAsOf, BoardCardAsOf } from '#src/contract/board-history.js';
import {
  PIPELINE_STREAM_ID,
  type PipelineColumn,
  type PipelineEvent,
  foldPipeline,
  summarizeLeadStats,
} from '#src/modules/leads/index.js';
import { AUDIT_NAMES_TABLE } from '#src/modules/audit/projections/audit-log/audit-log.projection.js';
import { LEAD_TIMELINE_TABLE } from '#src/modules/audit/projections/lead-timeline/lead-timeline.projection.js';

/** The periods of the board's leads that contain moment $1. */
const ON_BOARD_AT = `select lead_id, status, total_price, door_style, created_at from ${LEAD_TIMELINE_TABLE}
  where on_board and tstzrange(valid_from, valid_to, '[)') @> $1::timestamptz`;

/** The kanban and the overview totals as they were at a past moment, from the lead timeline. */
@Injectable()
export class BoardAsOfReader {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly eventStore: EventStore,
  ) {}

  async boardAt(at: Date, cardsPerColumn: number): Promise<BoardAsOf> {
    // One pass over the leads on the board then gives both the newest cards of each column and
    // the column's totals (carried on every card row): every column with leads has a first card.
    const [columns, cards] = await Promise.all([
      this.columnsAt(at),
      this.pool.query<
        BoardCardAsOf & { label: string | null; erased: boolean; count: number; value: number }
      >(
        `select lead_id as id, status, total_price::float8 as "totalPrice", door_style as "doorStyle",
                created_at as "createdAt", n.label, (n.id is not null and n.label is null) as erased,
                count, value
         from (select *,
                 row_number() over (partition by status order by created_at desc, lead_id desc) as rank,
                 count(*) over (partition by status)::int as count,
                 sum(total_price) over (partition by status)::float8 as value
               from (${ON_BOARD_AT}) leads) ranked
         left join ${AUDIT_NAMES_TABLE} n on n.kind = 'lead' and n.id = ranked.lead_id::text
         where rank <= $2 order by created_at desc, lead_id desc`,
        [at, cardsPerColumn],
      ),
    ]);
    const byStatus = new Map<string, { status: string; count: number; value: number }>();
    for (const { status, count, value } of cards.rows)
      byStatus.set(status, { status, count, value });
    const totals = [...byStatus.values()].sort((a, b) => (a.status < b.status ? -1 : 1));
    return {
      at: at.toISOString(),
      columns: columns.map((column) => ({
        ...column,
        total: byStatus.get(column.id)?.count ?? 0,
        value: round(byStatus.get(column.id)?.value ?? 0),
        leads: cards.rows
          .filter((card) => card.status === column.id)
          .map(({ label, erased, count: _count, value: _value, ...card }) => ({
            ...card,
            createdAt: new Date(card.createdAt).toISOString(),
            name: erased ? null : (label ?? '').replace('\t', ' ').trim(),
          })),
      })),
      stats: summarizeLeadStats(totals),
    };
  }

  /** The pipeline columns as they stood then: the column stream folded up to that moment. */
  private async columnsAt(at: Date): Promise<PipelineColumn[]> {
    const events = await this.eventStore.readStream(PIPELINE_STREAM_ID, { personalData: false });
    const until = events.filter((event) => event.occurredAt <= at);
    return foldPipeline(until as unknown as PipelineEvent[]);
  }
}

const round = (value: number) => Math.round(value * 100) / 100;
