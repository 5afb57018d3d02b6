import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import type { ProjectionContext } from '#src/platform/projections/projection.types.js';
import { leadIdFromStream } from '#src/modules/leads/domain/lead.events.js';
import type { ReportContent } from '#src/contract/reports.js';
import { Report, ReportProjection } from './report-projection.js';
import { daysBetween, insertRows, loadRows, replaceOnConflict } from './report-rows.js';

const LEADS = 'report_time_in_stage_leads';
const STINTS = 'report_time_in_stage_stints';
const LEAD_SHAPE = { lead_id: 'uuid', since: 'timestamptz' };

/**
 * How long leads stay in each stage: every finished stay (entered, then moved on) counts, so a
 * lead still in a stage does not pull the figures down.
 */
@Report()
export class TimeInStageReport extends ReportProjection {
  readonly name = 'report_time_in_stage';
  readonly title = 'Time in stage';
  readonly description =
    'Median and 90th-percentile days a lead stays in each stage before it moves on.';
  readonly version = 1;
  readonly handles = ['LeadCreated', 'LeadStatusChanged'];
  readonly tables = [LEADS, STINTS];

  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(`create table ${tables[LEADS]} (
      lead_id uuid primary key, since timestamptz not null)`);
    await db.query(`create table ${tables[STINTS]} (
      lead_id uuid not null, version int not null, status text not null, days float8 not null,
      primary key (lead_id, version))`);
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const ids = [...new Set(events.map((e) => leadIdFromStream(e.streamId)))];
    const loaded = await loadRows<{ lead_id: string; since: Date }>(
      db,
      tables[LEADS],
      'lead_id',
      'uuid',
      ids,
    );
    const since = new Map(loaded.map((row) => [row.lead_id, row.since]));
    const stints: object[] = [];
    for (const event of events) {
      const leadId = leadIdFromStream(event.streamId);
      const entered = since.get(leadId);
      if (event.type === 'LeadStatusChanged' && entered) {
        stints.push({
          lead_id: leadId,
          version: event.streamVersion,
          status: (event.data as { from: string }).from,
          days: daysBetween(entered, event.occurredAt),
        });
      }
      since.set(leadId, event.occurredAt);
    }
    const leads = ids
      .filter((leadId) => since.has(leadId))
      .map((leadId) => ({ lead_id: leadId, since: since.get(leadId) }));
    await insertRows(
      db,
      tables[LEADS],
      LEAD_SHAPE,
      leads,
      replaceOnConflict('lead_id', LEAD_SHAPE),
    );
    await insertRows(
      db,
      tables[STINTS],
      { lead_id: 'uuid', version: 'int', status: 'text', days: 'float8' },
      stints,
      '(lead_id, version) do nothing',
    );
  }

  async read(db: Queryable): Promise<ReportContent> {
    const { rows } = await db.query<{
      status: string;
      stays: number;
      median: number;
      p90: number;
    }>(
      `select status, count(*)::int as stays,
         round(percentile_cont(0.5) within group (order by days)::numeric, 1)::float8 as median,
         round(percentile_cont(0.9) within group (order by days)::numeric, 1)::float8 as p90
       from ${STINTS} group by status order by status`,
    );
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
