import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import {
  counterTable,
  stateTable,
  type ReportRowBuffer,
} from '#src/modules/reports/projections/report-row-buffer.js';
import { leadIdFromStream } from '#src/modules/leads/index.js';
import type { ReportContent } from '#src/contract/reports.js';
import { Report, ReportProjection } from './report-projection.js';
import { percentile } from './report-rows.js';

/** Since when each lead is in its current stage. */
const LEADS = stateTable(
  'report_time_in_stage_leads',
  { lead_id: 'uuid', since: 'timestamptz' },
  'lead_id',
);
/** Finished stays by stage and length in whole hours. */
const STAYS = counterTable(
  'report_time_in_stage_stays',
  { status: 'text', hours: 'int' },
  { stays: { type: 'int', merge: 'sum' } },
);

const HOUR_MS = 3_600_000;

/**
 * How long leads stay in each stage: every finished stay (entered, then moved on) counts, so a
 * lead still in a stage does not pull the figures down. Stays are counted to the hour, which keeps
 * the table as small as the number of stages times the hours a stay can last.
 */
@Report()
export class TimeInStageReport extends ReportProjection {
  readonly name = 'report_time_in_stage';
  readonly title = 'Time in stage';
  readonly description =
    'Median and 90th-percentile days a lead stays in each stage before it moves on.';
  readonly version = 2;
  readonly handles = ['LeadCreated', 'LeadStatusChanged'];
  readonly storeTables = [LEADS, STAYS];

  protected async fold(events: RecordedEvent[], rows: ReportRowBuffer): Promise<void> {
    await rows.load(LEADS, () => events.map((e) => leadIdFromStream(e.streamId)));
    for (const event of events) {
      const leadId = leadIdFromStream(event.streamId);
      const lead = rows.get<{ since: Date | string }>(LEADS, leadId);
      if (event.type === 'LeadStatusChanged' && lead) {
        const entered = lead.since instanceof Date ? lead.since : new Date(lead.since);
        const hours = Math.round((event.occurredAt.getTime() - entered.getTime()) / HOUR_MS);
        rows.count(STAYS, { status: (event.data as { from: string }).from, hours }, { stays: 1 });
      }
      if (lead) {
        lead.since = event.occurredAt;
        rows.put(LEADS, lead);
      } else rows.put(LEADS, { lead_id: leadId, since: event.occurredAt });
    }
  }

  async read(db: Queryable): Promise<ReportContent> {
    const { rows: stays } = await db.query<{ status: string; hours: number; stays: number }>(
      `select status, hours, stays from ${STAYS.name} order by status, hours`,
    );
    const byStatus = new Map<string, typeof stays>();
    for (const stay of stays) {
      const histogram = byStatus.get(stay.status);
      if (histogram) histogram.push(stay);
      else byStatus.set(stay.status, [stay]);
    }
    const rows = [...byStatus].map(([status, stays]) => {
      const histogram = stays.map((bucket) => ({ value: bucket.hours, count: bucket.stays }));
      return {
        status,
        stays: stays.reduce((sum, bucket) => sum + bucket.stays, 0),
        median: inDays(percentile(histogram, 0.5)),
        p90: inDays(percentile(histogram, 0.9)),
      };
    });
    return {
      chart: {
        title: 'Days in stage',
        categories: rows.map((row) => row.status),
        series: [
          { label: 'Median days', data: rows.map((row) => row.median) },
          { label: '90th percentile days', data: rows.map((row) => row.p90) },
        ],
      },
      tables: [
        {
          title: 'Days in stage',
          columns: [
            { key: 'status', label: 'Stage', kind: 'text' },
            { key: 'stays', label: 'Finished stays', kind: 'count' },
            { key: 'median', label: 'Median days', kind: 'days' },
            { key: 'p90', label: '90th percentile days', kind: 'days' },
          ],
          rows,
        },
      ],
    };
  }
}

/** Days to one decimal. */
const inDays = (hours: number) => Math.round((hours / 24) * 10) / 10;
