import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import {
  counterTable,
  stateTable,
  type ReportRowBuffer,
} from '#src/modules/reports/projections/report-row-buffer.js';
import { leadIdFromStream, visitorIdOf, type LeadCreated } from '#src/modules/leads/index.js';
import { VISUALIZATION_GENERATED, visitorIdFromStream } from '#src/modules/visualizer/index.js';
import type { ReportContent } from '#src/contract/reports.js';
import { Report, ReportProjection } from './report-projection.js';
import { reportMonth } from './report-rows.js';

/** Each lead's source and whether it came from a visitor who used the visualizer first. */
const LEADS = stateTable(
  'report_lead_sources_leads',
  {
    lead_id: 'uuid',
    source: 'text not null',
    created_at: 'timestamptz not null',
    visitor_id: 'text',
    visualized_first: 'boolean not null',
  },
  'lead_id',
);
/**
 * Each visitor's first render, the patterns rendered and how often, and the quotes they asked
 * for: what deciding "visualizer first" and counting patterns needs when either side comes later.
 */
const VISITORS = stateTable(
  'report_lead_sources_visitors',
  {
    visitor_id: 'text',
    first_at: 'timestamptz',
    leads: 'text[] not null',
    patterns: 'text[] not null',
    renders: 'int[] not null',
  },
  'visitor_id',
);
/** What the report shows, kept folded: leads by month and channel. */
const CHANNELS = counterTable(
  'report_lead_sources_channels',
  { month: 'text', channel: 'text' },
  { leads: { type: 'int', merge: 'sum' } },
);
/** Per pattern: quotes from visitors who tried it first, and those visitors' renders of it. */
const PATTERNS = counterTable(
  'report_lead_sources_patterns',
  { pattern_id: 'text' },
  { leads: { type: 'int', merge: 'sum' }, renders: { type: 'int', merge: 'sum' } },
);

interface SourceLead {
  lead_id: string;
  source: string;
  created_at: Date | string;
  visitor_id: string | null;
  visualized_first: boolean;
  [column: string]: unknown;
}

interface Visitor {
  visitor_id: string;
  first_at: Date | string | null;
  /** Quotes of this visitor, while not erased. */
  leads: string[];
  patterns: string[];
  /** Renders of each of `patterns`, in the same order. */
  renders: number[];
  [column: string]: unknown;
}

const QUOTE = 'quote';
const VISUALIZER_QUOTE = 'visualizer_quote';

const CHANNEL_COLUMNS = [
  { key: QUOTE, label: 'Quote' },
  { key: VISUALIZER_QUOTE, label: 'Quote after the visualizer' },
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
  readonly version = 2;
  readonly handles = ['LeadCreated', 'LeadErased', VISUALIZATION_GENERATED];
  readonly storeTables = [LEADS, VISITORS, CHANNELS, PATTERNS];
  /** The visitor a lead came from is sealed with the customer's personal data. */
  override readonly needsPersonalData = true;

  protected async fold(events: RecordedEvent[], rows: ReportRowBuffer): Promise<void> {
    // Kept live, a batch first reads the leads it erases, then every visitor it touches, then the
    // quotes of the visitors that render (a render may make them "visualizer first").
    await rows.load(LEADS, () =>
      events.filter((e) => e.type === 'LeadErased').map((e) => leadIdFromStream(e.streamId)),
    );
    await rows.load(VISITORS, () =>
      events.map((e) => visitorOf(e, rows)).filter((id): id is string => id !== null),
    );
    await rows.load(LEADS, () =>
      events
        .filter((e) => e.type === VISUALIZATION_GENERATED)
        .flatMap((e) => rows.get<Visitor>(VISITORS, visitorIdFromStream(e.streamId))?.leads ?? []),
    );
    for (const event of events) {
      if (event.type === 'LeadCreated')
        foldCreated(event as unknown as LeadCreated & RecordedEvent, rows);
      else if (event.type === 'LeadErased') foldErased(leadIdFromStream(event.streamId), rows);
      else foldRender(event, rows);
    }
  }

  async read(db: Queryable): Promise<ReportContent> {
    const { rows: byMonth } = await db.query<{ month: string; channel: string; leads: number }>(
      `select month, channel, leads from ${CHANNELS.name} where leads > 0 order by 1, 2`,
    );
    const { rows: patterns } = await db.query<{ pattern: string; leads: number; renders: number }>(
      `select pattern_id as pattern, leads, renders from ${PATTERNS.name}
       where leads > 0 order by 2 desc, 3 desc, 1`,
    );
    const months = [...new Set(byMonth.map((row) => row.month))];
    const count = (month: string, channel: string) =>
      byMonth.find((row) => row.month === month && row.channel === channel)?.leads ?? 0;
    return {
      chart: {
        title: 'Leads by source and month',
        categories: months,
        series: CHANNEL_COLUMNS.map(({ key, label }) => ({
          label,
          data: months.map((month) => count(month, key)),
        })),
      },
      tables: [
        {
          title: 'Leads by source',
          columns: [
            { key: 'month', label: 'Month', kind: 'text' },
            ...CHANNEL_COLUMNS.map(({ key, label }) => ({ key, label, kind: 'count' as const })),
          ],
          rows: months.map((month) => ({
            month,
            ...Object.fromEntries(CHANNEL_COLUMNS.map(({ key }) => [key, count(month, key)])),
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

/** The visitor an event is about: a lead's (while not erased) or the one who rendered. */
function visitorOf(event: RecordedEvent, rows: ReportRowBuffer): string | null {
  if (event.type === 'LeadCreated') return visitorIdOf(event as unknown as LeadCreated);
  if (event.type === 'LeadErased')
    return rows.get<SourceLead>(LEADS, leadIdFromStream(event.streamId))?.visitor_id ?? null;
  return visitorIdFromStream(event.streamId);
}

const timeOf = (at: Date | string) => (at instanceof Date ? at : new Date(at)).getTime();

function foldCreated(event: LeadCreated & RecordedEvent, rows: ReportRowBuffer): void {
  const visitorId = visitorIdOf(event);
  const quote = event.data.source === QUOTE;
  let visitor = visitorId ? rows.get<Visitor>(VISITORS, visitorId) : undefined;
  const visualizedFirst =
    quote && !!visitor?.first_at && timeOf(visitor.first_at) <= event.occurredAt.getTime();
  const lead: SourceLead = {
    lead_id: leadIdFromStream(event.streamId),
    source: event.data.source,
    created_at: event.occurredAt,
    visitor_id: visitorId,
    visualized_first: visualizedFirst,
  };
  rows.put(LEADS, lead);
  rows.count(
    CHANNELS,
    {
      month: reportMonth(event.occurredAt),
      channel: visualizedFirst ? VISUALIZER_QUOTE : lead.source,
    },
    { leads: 1 },
  );
  if (!quote || !visitorId) return;
  visitor ??= newVisitor(visitorId);
  visitor.leads.push(lead.lead_id);
  rows.put(VISITORS, visitor);
  if (visualizedFirst) countPatterns(rows, visitor, 1);
}

function foldRender(event: RecordedEvent, rows: ReportRowBuffer): void {
  const visitorId = visitorIdFromStream(event.streamId);
  const visitor = rows.get<Visitor>(VISITORS, visitorId) ?? newVisitor(visitorId);
  const patternId = (event.data as { patternId: string }).patternId;
  const known = visitor.patterns.indexOf(patternId);
  if (known >= 0) visitor.renders[known] += 1;
  else {
    visitor.patterns.push(patternId);
    visitor.renders.push(1);
  }
  const leads = visitor.leads.map((id) => rows.get<SourceLead>(LEADS, id)!);
  const counted = leads.filter((lead) => lead.visualized_first).length;
  if (counted > 0)
    rows.count(
      PATTERNS,
      { pattern_id: patternId },
      { leads: known >= 0 ? 0 : counted, renders: counted },
    );
  // A render logged after a quote can still be older than it (transactions commit out of order).
  const at = event.occurredAt.getTime();
  if (!visitor.first_at || at < timeOf(visitor.first_at)) {
    visitor.first_at = event.occurredAt;
    for (const lead of leads) {
      if (lead.visualized_first || timeOf(lead.created_at) < at) continue;
      rows.put(LEADS, { ...lead, visualized_first: true });
      moveChannel(rows, lead, QUOTE, VISUALIZER_QUOTE);
      countPatterns(rows, visitor, 1);
    }
  }
  rows.put(VISITORS, visitor);
}

/** Erasing a lead cuts its link to the visitor, as it does everywhere else. */
function foldErased(leadId: string, rows: ReportRowBuffer): void {
  const lead = rows.get<SourceLead>(LEADS, leadId);
  if (!lead?.visitor_id) return;
  const visitor = rows.get<Visitor>(VISITORS, lead.visitor_id);
  if (visitor) {
    visitor.leads = visitor.leads.filter((id) => id !== leadId);
    rows.put(VISITORS, visitor);
    if (lead.visualized_first) {
      moveChannel(rows, lead, VISUALIZER_QUOTE, QUOTE);
      countPatterns(rows, visitor, -1);
    }
  }
  rows.put(LEADS, { ...lead, visitor_id: null, visualized_first: false });
}

const newVisitor = (visitorId: string): Visitor => ({
  visitor_id: visitorId,
  first_at: null,
  leads: [],
  patterns: [],
  renders: [],
});

function moveChannel(rows: ReportRowBuffer, lead: SourceLead, from: string, to: string): void {
  const month = reportMonth(lead.created_at);
  rows.count(CHANNELS, { month, channel: from }, { leads: -1 });
  rows.count(CHANNELS, { month, channel: to }, { leads: 1 });
}

/** Counts (or takes back) one quote for every pattern its visitor rendered, with the renders. */
function countPatterns(rows: ReportRowBuffer, visitor: Visitor, sign: 1 | -1): void {
  visitor.patterns.forEach((patternId, i) =>
    rows.count(
      PATTERNS,
      { pattern_id: patternId },
      { leads: sign, renders: sign * visitor.renders[i] },
    ),
  );
}
