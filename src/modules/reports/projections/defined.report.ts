import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import {
  counterTable,
  stateTable,
  type CounterTable,
  type ReportRowBuffer,
  type StateTable,
} from '#src/modules/reports/projections/report-row-buffer.js';
import type { LeadCreated, OrderChanges } from '#src/modules/leads/index.js';
import {
  REPORT_GROUPING_LABELS,
  type ReportChart,
  type ReportColumn,
  type ReportContent,
  type ReportGrouping,
} from '#src/contract/reports.js';
import type { ReportDefinitionData } from '#src/modules/reports/domain/report-definition.events.js';
import { ReportProjection } from './report-projection.js';
import { reportMonth, reportWeek } from './report-rows.js';

/** The projection of one revision of a defined report: a new revision is a new projection. */
export const definedReportName = (definitionId: string, revision: number) =>
  `report_def_${definitionId}_${revision}`;

/** What a grouping by a lead's attribute reads, and the events that change it. */
const LEAD_GROUPINGS: ReadonlySet<ReportGrouping> = new Set([
  'doorStyle',
  'source',
  'owner',
  'column',
]);
const LEAD_ATTRIBUTE_EVENTS = [
  'LeadCreated',
  'LeadDetailsChanged',
  'LeadStatusChanged',
  'LeadAssigned',
];

/** Who a grouping's missing value is, in words. */
const NONE: Record<ReportGrouping, string> = {
  month: '–',
  week: '–',
  doorStyle: 'No door style',
  source: 'None',
  owner: 'Nobody',
  column: 'None',
};
const SOURCE_WORDS: Record<string, string> = {
  quote: 'Quote',
  contact_form: 'Contact form',
  manual: 'Added by staff',
};

/** A stream's attributes as of the event being folded, and when a duration it is in started. */
interface StreamRow {
  stream_id: string;
  door_style: string | null;
  source: string | null;
  owner: string | null;
  status: string | null;
  started_ms: number | null;
  [column: string]: unknown;
}

/** Names of the team's members by id, for the owner grouping. */
export type MemberNames = () => Promise<ReadonlyMap<string, string>>;

/**
 * A report an admin defined: the events of some types counted (or a numeric field of theirs
 * summed, or the time from one type to the next of another on a stream measured), grouped by
 * when they happened and by the lead's attributes at that moment. Figures are what the events
 * were when they happened: a lead that changes later does not move what it counted for.
 * Sums are kept in hundredths and durations in whole seconds, so totals are exact in any order.
 */
export class DefinedReport extends ReportProjection {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The fold's own version; a definition's edit is a new projection, not a new version. */
  readonly version = 1;
  readonly handles: readonly string[];
  readonly storeTables: readonly (StateTable | CounterTable)[];
  private readonly streams: StateTable | null;
  private readonly totals: CounterTable;
  private readonly measured: ReadonlySet<string>;
  private readonly attributes: boolean;

  constructor(
    readonly definition: ReportDefinitionData,
    private readonly memberNames: MemberNames,
  ) {
    super();
    const { definitionId, revision, measure, groupBy } = definition;
    this.name = definedReportName(definitionId, revision);
    this.title = definition.title;
    this.description = describe(definition);
    const measuredTypes =
      measure.kind === 'duration' ? [measure.from, measure.to] : definition.eventTypes;
    this.measured = new Set(measuredTypes);
    this.attributes = groupBy.some((grouping) => LEAD_GROUPINGS.has(grouping));
    this.handles = [
      ...new Set([...measuredTypes, ...(this.attributes ? LEAD_ATTRIBUTE_EVENTS : [])]),
    ];
    this.streams =
      this.attributes || measure.kind === 'duration'
        ? stateTable(
            `${this.name}_streams`,
            {
              stream_id: 'text',
              door_style: 'text',
              source: 'text',
              owner: 'text',
              status: 'text',
              started_ms: 'float8',
            },
            'stream_id',
          )
        : null;
    this.totals = counterTable(
      `${this.name}_totals`,
      Object.fromEntries(groupBy.map((_, i) => [`g${i + 1}`, 'text'])),
      {
        events: { type: 'bigint', merge: 'sum' },
        amount: { type: 'bigint', merge: 'sum' },
      },
    );
    this.storeTables = this.streams ? [this.streams, this.totals] : [this.totals];
  }

  protected async fold(events: RecordedEvent[], rows: ReportRowBuffer): Promise<void> {
    const { streams, totals, measured, attributes } = this;
    const { measure, groupBy } = this.definition;
    if (streams) await rows.load(streams, () => events.map((event) => event.streamId));
    for (const event of events) {
      let stream = streams ? rows.get<StreamRow>(streams, event.streamId) : undefined;
      if (attributes && LEAD_ATTRIBUTE_EVENTS.includes(event.type)) {
        stream = withAttributes(stream ?? emptyStream(event.streamId), event);
        rows.put(streams!, stream);
      }
      if (!measured.has(event.type)) continue;
      let amount = 0;
      if (measure.kind === 'sum') {
        const value = valueAt(event.data, measure.field);
        if (typeof value !== 'number' || !Number.isFinite(value)) continue;
        amount = Math.round(value * 100);
      } else if (measure.kind === 'duration') {
        stream ??= emptyStream(event.streamId);
        const at = event.occurredAt.getTime();
        if (event.type === measure.from) {
          if (stream.started_ms === null) rows.put(streams!, { ...stream, started_ms: at });
          continue;
        }
        if (stream.started_ms === null) continue;
        amount = Math.round((at - stream.started_ms) / 1000);
        rows.put(streams!, { ...stream, started_ms: null });
      }
      const groups: Record<string, string> = {};
      groupBy.forEach((grouping, i) => {
        groups[`g${i + 1}`] = groupValue(grouping, event, stream) ?? '';
      });
      rows.count(totals, groups, { events: 1, amount });
    }
  }

  async read(db: Queryable): Promise<ReportContent> {
    const { groupBy, measure } = this.definition;
    const groupColumns = groupBy.map((_, i) => `g${i + 1}`);
    const { rows } = await db.query<Record<string, string | number>>(
      `select ${groupColumns.join(', ')}, events::float8 as events, amount::float8 as amount
       from ${this.totals.name} where events <> 0 order by ${groupColumns.join(', ')}`,
    );
    const names = groupBy.includes('owner') ? await this.memberNames() : new Map<string, string>();
    const words = (grouping: ReportGrouping, value: string) => {
      if (value === '') return NONE[grouping];
      if (grouping === 'owner') return names.get(value) ?? 'A former member';
      if (grouping === 'source') return SOURCE_WORDS[value] ?? value;
      return value;
    };
    const figure = (row: Record<string, string | number>) => {
      const events = Number(row.events);
      const amount = Number(row.amount);
      if (measure.kind === 'sum') return amount / 100;
      if (measure.kind === 'duration') return round2(amount / events / 3600);
      return events;
    };
    const table = rows.map((row) => {
      const shown: Record<string, string | number> = {};
      groupBy.forEach((grouping, i) => {
        shown[grouping] = words(grouping, String(row[`g${i + 1}`]));
      });
      shown.events = Number(row.events);
      if (measure.kind !== 'count') shown.figure = figure(row);
      return { shown, figure: figure(row) };
    });
    const columns: ReportColumn[] = [
      ...groupBy.map((grouping) => ({
        key: grouping,
        label: REPORT_GROUPING_LABELS[grouping],
        kind: 'text' as const,
      })),
      { key: 'events', label: measure.kind === 'duration' ? 'Measured' : 'Events', kind: 'count' },
      ...(measure.kind === 'sum'
        ? [{ key: 'figure', label: `Sum of ${measure.field}`, kind: 'number' as const }]
        : measure.kind === 'duration'
          ? [{ key: 'figure', label: 'Average hours', kind: 'hours' as const }]
          : []),
    ];
    return {
      chart: chartOf(this.title, groupBy, measureLabel(this.definition), table),
      tables: [{ title: this.title, columns, rows: table.map((row) => row.shown) }],
    };
  }
}

function emptyStream(streamId: string): StreamRow {
  return {
    stream_id: streamId,
    door_style: null,
    source: null,
    owner: null,
    status: null,
    started_ms: null,
  };
}

/** The stream's lead attributes after one of the events that change them. */
function withAttributes(stream: StreamRow, event: RecordedEvent): StreamRow {
  switch (event.type) {
    case 'LeadCreated': {
      const data = (event as unknown as LeadCreated).data;
      return { ...stream, door_style: data.doorStyle, source: data.source, status: data.status };
    }
    case 'LeadDetailsChanged': {
      const { changes } = event.data as { changes: OrderChanges };
      return changes.doorStyle ? { ...stream, door_style: changes.doorStyle.to } : stream;
    }
    case 'LeadStatusChanged':
      return { ...stream, status: (event.data as { to: string }).to };
    case 'LeadAssigned':
      return { ...stream, owner: (event.data as { memberId: string | null }).memberId };
    default:
      return stream;
  }
}

function groupValue(
  grouping: ReportGrouping,
  event: RecordedEvent,
  stream: StreamRow | undefined,
): string | null {
  switch (grouping) {
    case 'month':
      return reportMonth(event.occurredAt);
    case 'week':
      return reportWeek(event.occurredAt);
    case 'doorStyle':
      return stream?.door_style ?? null;
    case 'source':
      return stream?.source ?? null;
    case 'owner':
      return stream?.owner ?? null;
    case 'column':
      return stream?.status ?? null;
  }
}

function valueAt(data: unknown, path: string): unknown {
  let value = data;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function measureLabel({ measure }: ReportDefinitionData): string {
  if (measure.kind === 'sum') return `Sum of ${measure.field}`;
  if (measure.kind === 'duration') return 'Average hours';
  return 'Events';
}

function describe(definition: ReportDefinitionData): string {
  const { measure, eventTypes, groupBy } = definition;
  const what =
    measure.kind === 'duration'
      ? `Hours from ${measure.from} to the next ${measure.to} of the same stream`
      : measure.kind === 'sum'
        ? `Sum of ${measure.field} over ${eventTypes.join(', ')}`
        : `Count of ${eventTypes.join(', ')}`;
  const by = groupBy.map((grouping) => REPORT_GROUPING_LABELS[grouping].toLowerCase());
  return `${what}, by ${by.join(' and ')}.`;
}

/**
 * Bars over time when the report groups by month or week (else over its first grouping), one
 * series per value of the other grouping.
 */
function chartOf(
  title: string,
  groupBy: readonly ReportGrouping[],
  label: string,
  rows: { shown: Record<string, string | number>; figure: number }[],
): ReportChart {
  const timeIndex = groupBy.findIndex((grouping) => grouping === 'month' || grouping === 'week');
  const axis = groupBy[timeIndex >= 0 ? timeIndex : 0];
  const other = groupBy.find((grouping) => grouping !== axis);
  const categories = [...new Set(rows.map((row) => String(row.shown[axis])))].sort();
  const seriesNames = other ? [...new Set(rows.map((row) => String(row.shown[other])))] : [label];
  return {
    title,
    categories,
    series: seriesNames.map((name) => ({
      label: name,
      data: categories.map((category) =>
        rows
          .filter(
            (row) =>
              String(row.shown[axis]) === category && (!other || String(row.shown[other]) === name),
          )
          .reduce((sum, row) => sum + row.figure, 0),
      ),
    })),
  };
}
