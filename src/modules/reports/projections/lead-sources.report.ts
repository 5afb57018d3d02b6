import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { counterTable, stateTable, type RowStore } from '#src/platform/projections/row-store.js';
import {
  leadIdFromStream,
  visitorIdOf,
  type LeadCreated,
} from '#src/modules/leads/domain/lead.events.js';
import {
  VISUALIZATION_GENERATED,
  visitorIdFromStream,
} from '#src/modules/visualizer/visualizer.constants.js';
import type { ReportContent } from '#src/contract/reports.js';
import { Report, ReportProjection } from './report-projection.js';
import { monthOf } from './report-rows.js';

const LEADS = stateTable(
  'report_lead_sources_leads',
  {
    lead_id: 'uuid',
    source: 'text not null',
    created_at: 'timestamptz not null',
    visitor_id: 'text',
  },
  'lead_id',
);
const RENDERS = counterTable(
  'report_lead_sources_renders',
  { visitor_id: 'text', pattern_id: 'text' },
  { renders: { type: 'int', merge: 'sum' }, first_at: { type: 'timestamptz', merge: 'min' } },
);

const CHANNELS = [
  { key: 'quote', label: 'Quote' },
  { key: 'visualizer_quote', label: 'Quote after the visualizer' },
  { key: 'contact_form', label: 'Contact form' },
  { key: 'manual', label: 'Added by staff' },
] as const;

/**
 * Where leads come from, by month: quotes, quotes from visitors who used the visualizer before
 * asking, the contact form and staff; and which patterns those visitors tried. Erasing a lead cuts
 * its link to the visitor, as it does everywhere else.
 */
@Report()
export class LeadSourcesReport extends ReportProjection {
  readonly name = 'report_lead_sources';
  readonly title = 'Lead sources';
  readonly description =
    'Leads by source and month, quotes from visitors who used the visualizer first, and the patterns they tried.';
  readonly version = 1;
  readonly handles = ['LeadCreated', 'LeadErased', VISUALIZATION_GENERATED];
  readonly storeTables = [LEADS, RENDERS];
  /** The visitor a lead came from is sealed with the customer's personal data. */
  override readonly needsPersonalData = true;

  protected async fold(events: RecordedEvent[], rows: RowStore): Promise<void> {
    await rows.load(LEADS, () =>
      events.filter((e) => e.type === 'LeadErased').map((e) => leadIdFromStream(e.streamId)),
    );
    for (const event of events) {
      if (event.type === 'LeadCreated') {
        const created = event as unknown as LeadCreated;
        rows.put(LEADS, {
          lead_id: leadIdFromStream(event.streamId),
          source: created.data.source,
          created_at: event.occurredAt,
          visitor_id: visitorIdOf(created),
        });
      } else if (event.type === 'LeadErased') {
        const lead = rows.get(LEADS, leadIdFromStream(event.streamId));
        if (lead) rows.put(LEADS, { ...lead, visitor_id: null });
      } else {
        rows.count(
          RENDERS,
          {
            visitor_id: visitorIdFromStream(event.streamId),
            pattern_id: (event.data as { patternId: string }).patternId,
          },
          { renders: 1, first_at: event.occurredAt },
        );
      }
    }
  }

  async read(db: Queryable): Promise<ReportContent> {
    const visualizedFirst = `l.source = 'quote' and exists (
      select 1 from ${RENDERS.name} v where v.visitor_id = l.visitor_id and v.first_at <= l.created_at)`;
    const { rows: byMonth } = await db.query<{ month: string; channel: string; leads: number }>(
      `select ${monthOf('l.created_at')} as month,
         case when ${visualizedFirst} then 'visualizer_quote' else l.source end as channel,
         count(*)::int as leads
       from ${LEADS.name} l group by 1, 2 order by 1, 2`,
    );
    const { rows: patterns } = await db.query<{ pattern: string; leads: number; renders: number }>(
      `select v.pattern_id as pattern, count(distinct l.lead_id)::int as leads,
         sum(v.renders)::int as renders
       from ${LEADS.name} l join ${RENDERS.name} v on v.visitor_id = l.visitor_id
       where ${visualizedFirst}
       group by 1 order by 2 desc, 3 desc, 1`,
    );
    const months = [...new Set(byMonth.map((row) => row.month))];
    const count = (month: string, channel: string) =>
      byMonth.find((row) => row.month === month && row.channel === channel)?.leads ?? 0;
    return {
      chart: {
        title: 'Leads by source and month',
        categories: months,
        series: CHANNELS.map(({ key, label }) => ({
          label,
          data: months.map((month) => count(month, key)),
        })),
      },
      tables: [
        {
          title: 'Leads by source',
          columns: [
            { key: 'month', label: 'Month', kind: 'text' },
            ...CHANNELS.map(({ key, label }) => ({ key, label, kind: 'count' as const })),
          ],
          rows: months.map((month) => ({
            month,
            ...Object.fromEntries(CHANNELS.map(({ key }) => [key, count(month, key)])),
          })),
        },
        {
          title: 'Patterns tried before a quote',
          columns: [
            { key: 'pattern', label: 'Pattern', kind: 'text' },
            { key: 'leads', label: 'Quotes from visitors who tried it', kind: 'count' },
            { key: 'renders', label: 'Renders by those visitors', kind: 'count' },
          ],
          rows: patterns,
        },
      ],
    };
  }
}
