import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import type { ProjectionContext } from '#src/platform/projections/projection.types.js';
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
import { insertRows, monthOf } from './report-rows.js';

const LEADS = 'report_lead_sources_leads';
const RENDERS = 'report_lead_sources_renders';

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
  readonly tables = [LEADS, RENDERS];
  /** The visitor a lead came from is sealed with the customer's personal data. */
  override readonly needsPersonalData = true;

  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(`create table ${tables[LEADS]} (
      lead_id uuid primary key, source text not null, created_at timestamptz not null,
      visitor_id text)`);
    await db.query(`create table ${tables[RENDERS]} (
      visitor_id text not null, pattern_id text not null, renders int not null,
      first_at timestamptz not null, primary key (visitor_id, pattern_id))`);
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const leads: object[] = [];
    const erased: string[] = [];
    const renders = new Map<
      string,
      { visitor_id: string; pattern_id: string; renders: number; first_at: Date }
    >();
    for (const event of events) {
      if (event.type === 'LeadCreated') {
        const created = event as unknown as LeadCreated;
        leads.push({
          lead_id: leadIdFromStream(event.streamId),
          source: created.data.source,
          created_at: event.occurredAt,
          visitor_id: visitorIdOf(created),
        });
      } else if (event.type === 'LeadErased') {
        erased.push(leadIdFromStream(event.streamId));
      } else {
        const visitorId = visitorIdFromStream(event.streamId);
        const patternId = (event.data as { patternId: string }).patternId;
        const key = `${visitorId}\n${patternId}`;
        const row = renders.get(key);
        if (row) row.renders += 1;
        else
          renders.set(key, {
            visitor_id: visitorId,
            pattern_id: patternId,
            renders: 1,
            first_at: event.occurredAt,
          });
      }
    }
    await insertRows(
      db,
      tables[LEADS],
      { lead_id: 'uuid', source: 'text', created_at: 'timestamptz', visitor_id: 'text' },
      leads,
    );
    if (erased.length > 0) {
      await db.query(
        `update ${tables[LEADS]} set visitor_id = null where lead_id = any($1::uuid[])`,
        [erased],
      );
    }
    await insertRows(
      db,
      tables[RENDERS],
      { visitor_id: 'text', pattern_id: 'text', renders: 'int', first_at: 'timestamptz' },
      [...renders.values()],
      `(visitor_id, pattern_id) do update set renders = t.renders + excluded.renders,
         first_at = least(t.first_at, excluded.first_at)`,
    );
  }

  async read(db: Queryable): Promise<ReportContent> {
    const visualizedFirst = `l.source = 'quote' and exists (
      select 1 from ${RENDERS} v where v.visitor_id = l.visitor_id and v.first_at <= l.created_at)`;
    const { rows: byMonth } = await db.query<{ month: string; channel: string; leads: number }>(
      `select ${monthOf('l.created_at')} as month,
         case when ${visualizedFirst} then 'visualizer_quote' else l.source end as channel,
         count(*)::int as leads
       from ${LEADS} l group by 1, 2 order by 1, 2`,
    );
    const { rows: patterns } = await db.query<{ pattern: string; leads: number; renders: number }>(
      `select v.pattern_id as pattern, count(distinct l.lead_id)::int as leads,
         sum(v.renders)::int as renders
       from ${LEADS} l join ${RENDERS} v on v.visitor_id = l.visitor_id
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
