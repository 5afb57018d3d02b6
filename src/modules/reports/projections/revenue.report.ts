import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { stateTable, type RowStore } from '#src/platform/projections/row-store.js';
import {
  LEAD_BOARD_EVENT_TYPES,
  leadIdFromStream,
  type LeadCreated,
  type OrderChanges,
} from '#src/modules/leads/domain/lead.events.js';
import { CLOSED_STATUS } from '#src/modules/leads/domain/pipeline.state.js';
import type { ReportContent } from '#src/contract/reports.js';
import { Report, ReportProjection } from './report-projection.js';
import { monthOf } from './report-rows.js';

const LEADS = stateTable(
  'report_revenue_leads',
  {
    lead_id: 'uuid',
    created_at: 'timestamptz not null',
    door_style: 'text',
    total_price: 'numeric(12,2) not null',
    status: 'text not null',
    closed_at: 'timestamptz',
    active: 'boolean not null',
  },
  'lead_id',
);
const NO_DOOR_STYLE = 'No door style';

interface RevenueLead {
  lead_id: string;
  created_at: Date | string;
  door_style: string | null;
  total_price: number;
  status: string;
  closed_at: Date | string | null;
  active: boolean;
  [column: string]: unknown;
}

/**
 * Closed revenue by the month a lead was closed, and the potential of the open leads by the month
 * they arrived, both by door style. Leads in the recycle bin or erased count in neither.
 */
@Report()
export class RevenueReport extends ReportProjection {
  readonly name = 'report_revenue';
  readonly title = 'Revenue';
  readonly description =
    'Revenue closed (by month closed) and potential in open leads (by month of arrival), by door style.';
  readonly version = 1;
  readonly handles: readonly string[] = LEAD_BOARD_EVENT_TYPES;
  readonly storeTables = [LEADS];

  protected async fold(events: RecordedEvent[], rows: RowStore): Promise<void> {
    await rows.load(LEADS, () => events.map((e) => leadIdFromStream(e.streamId)));
    for (const event of events) {
      const leadId = leadIdFromStream(event.streamId);
      const lead = rows.get<RevenueLead>(LEADS, leadId);
      if (event.type === 'LeadCreated') {
        const data = (event as unknown as LeadCreated).data;
        rows.put(LEADS, {
          lead_id: leadId,
          created_at: event.occurredAt,
          door_style: data.doorStyle,
          total_price: data.totalPrice,
          status: data.status,
          closed_at: data.status === CLOSED_STATUS ? event.occurredAt : null,
          active: true,
        });
      } else if (lead) {
        const evolved = evolveRevenueLead(lead, event);
        if (evolved !== lead) rows.put(LEADS, evolved);
      }
    }
  }

  async read(db: Queryable): Promise<ReportContent> {
    const { rows } = await db.query<{
      month: string;
      door_style: string;
      closed: number;
      potential: number;
    }>(
      `with closed as (
         select ${monthOf('closed_at')} as month, coalesce(door_style, $2) as door_style,
           sum(total_price) as value
         from ${LEADS.name} where active and status = $1 group by 1, 2),
       open as (
         select ${monthOf('created_at')} as month, coalesce(door_style, $2) as door_style,
           sum(total_price) as value
         from ${LEADS.name} where active and status <> $1 group by 1, 2)
       select coalesce(c.month, o.month) as month, coalesce(c.door_style, o.door_style) as door_style,
         coalesce(c.value, 0)::float8 as closed, coalesce(o.value, 0)::float8 as potential
       from closed c full join open o on o.month = c.month and o.door_style = c.door_style
       order by 1, 2`,
      [CLOSED_STATUS, NO_DOOR_STYLE],
    );
    const months = [...new Set(rows.map((row) => row.month))];
    const sumBy = (key: 'closed' | 'potential') =>
      months.map((month) =>
        rows.filter((row) => row.month === month).reduce((sum, row) => sum + row[key], 0),
      );
    return {
      chart: {
        title: 'Revenue by month',
        categories: months,
        series: [
          { label: 'Closed', data: sumBy('closed') },
          { label: 'Potential', data: sumBy('potential') },
        ],
      },
      tables: [
        {
          title: 'Revenue by month and door style',
          columns: [
            { key: 'month', label: 'Month', kind: 'text' },
            { key: 'doorStyle', label: 'Door style', kind: 'text' },
            { key: 'closed', label: 'Closed', kind: 'money' },
            { key: 'potential', label: 'Potential', kind: 'money' },
          ],
          rows: rows.map(({ door_style, ...row }) => ({ ...row, doorStyle: door_style })),
        },
      ],
    };
  }
}

function evolveRevenueLead(lead: RevenueLead, event: RecordedEvent): RevenueLead {
  switch (event.type) {
    case 'LeadDetailsChanged': {
      const { changes } = event.data as { changes: OrderChanges };
      return {
        ...lead,
        door_style: changes.doorStyle ? changes.doorStyle.to : lead.door_style,
        total_price: changes.totalPrice ? changes.totalPrice.to : lead.total_price,
      };
    }
    case 'LeadStatusChanged': {
      const { to } = event.data as { to: string };
      if (to === lead.status) return lead;
      return { ...lead, status: to, closed_at: to === CLOSED_STATUS ? event.occurredAt : null };
    }
    case 'LeadTrashed':
    case 'LeadErased':
      return { ...lead, active: false };
    case 'LeadRestored':
      return { ...lead, active: true };
    default:
      return lead;
  }
}
