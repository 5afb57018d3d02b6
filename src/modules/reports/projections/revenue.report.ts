import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import {
  counterTable,
  stateTable,
  type ReportRowBuffer,
} from '#src/modules/reports/projections/report-row-buffer.js';
import {
  LEAD_BOARD_EVENT_TYPES,
  leadIdFromStream,
  type LeadCreated,
  type OrderChanges,
  CLOSED_STATUS,
} from '#src/modules/leads/index.js';
import type { ReportContent } from '#src/contract/reports.js';
import { Report, ReportProjection } from './report-projection.js';
import { reportMonth } from './report-rows.js';

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
/**
 * What the report shows, kept folded: the leads and cents of each month, door style and kind
 * (`closed` by the month closed, `open` by the month of arrival). A lead that changes moves its
 * amount from one group to another, so groups go down as well as up.
 */
const TOTALS = counterTable(
  'report_revenue_totals',
  { month: 'text', door_style: 'text', kind: 'text' },
  { leads: { type: 'int', merge: 'sum' }, cents: { type: 'bigint', merge: 'sum' } },
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
  readonly version = 2;
  readonly handles: readonly string[] = LEAD_BOARD_EVENT_TYPES;
  readonly storeTables = [LEADS, TOTALS];

  protected async fold(events: RecordedEvent[], rows: ReportRowBuffer): Promise<void> {
    await rows.load(LEADS, () => events.map((e) => leadIdFromStream(e.streamId)));
    for (const event of events) {
      const leadId = leadIdFromStream(event.streamId);
      const lead = rows.get<RevenueLead>(LEADS, leadId);
      if (event.type === 'LeadCreated') {
        const data = (event as unknown as LeadCreated).data;
        const created: RevenueLead = {
          lead_id: leadId,
          created_at: event.occurredAt,
          door_style: data.doorStyle,
          total_price: data.totalPrice,
          status: data.status,
          closed_at: data.status === CLOSED_STATUS ? event.occurredAt : null,
          active: true,
        };
        rows.put(LEADS, created);
        countShare(rows, created, 1);
      } else if (lead) {
        const evolved = evolveRevenueLead(lead, event);
        if (evolved === lead) continue;
        rows.put(LEADS, evolved);
        if (sameShare(lead, evolved)) continue;
        countShare(rows, lead, -1);
        countShare(rows, evolved, 1);
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
      `select month, door_style,
         (sum(cents) filter (where kind = $1) / 100.0)::float8 as closed,
         (sum(cents) filter (where kind = $2) / 100.0)::float8 as potential
       from ${TOTALS.name} group by 1, 2 having sum(leads) > 0 order by 1, 2`,
      [CLOSED, OPEN],
    );
    for (const row of rows) {
      row.closed ??= 0;
      row.potential ??= 0;
    }
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

const CLOSED = 'closed';
const OPEN = 'open';

/**
 * Adds (sign 1) or takes back (sign -1) what a lead counts for: its price in the month it was
 * closed, or while open in the month it arrived; nothing while it is in the bin or erased.
 */
function countShare(rows: ReportRowBuffer, lead: RevenueLead, sign: 1 | -1): void {
  if (!lead.active) return;
  const closed = lead.status === CLOSED_STATUS && lead.closed_at !== null;
  rows.count(
    TOTALS,
    {
      month: reportMonth(closed ? lead.closed_at! : lead.created_at),
      door_style: lead.door_style ?? NO_DOOR_STYLE,
      kind: closed ? CLOSED : OPEN,
    },
    // Prices have cents; summing whole cents keeps the totals exact whatever the order.
    { leads: sign, cents: sign * Math.round(Number(lead.total_price) * 100) },
  );
}

/** Most moves (new to contacted, say) leave a lead counted where it was, for as much. */
function sameShare(a: RevenueLead, b: RevenueLead): boolean {
  const closed = a.status === CLOSED_STATUS;
  return (
    a.active === b.active &&
    closed === (b.status === CLOSED_STATUS) &&
    (!closed || a.closed_at === b.closed_at) &&
    a.door_style === b.door_style &&
    Number(a.total_price) === Number(b.total_price)
  );
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
    case 'LeadMerged':
      return { ...lead, active: false };
    case 'LeadRestored':
      return { ...lead, active: true };
    default:
      return lead;
  }
}
