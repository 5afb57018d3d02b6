import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import type { ProjectionContext } from '#src/platform/projections/projection.types.js';
import { leadIdFromStream } from '#src/modules/leads/domain/lead.events.js';
import type { ReportContent } from '#src/contract/reports.js';
import { Report, ReportProjection } from './report-projection.js';
import { insertRows, loadRows, reportMonth } from './report-rows.js';

const LEADS = 'report_pipeline_funnel_leads';
const REACHED = 'report_pipeline_funnel_reached';
const MOVES = 'report_pipeline_funnel_moves';

/**
 * Which stages the leads of each month reached, and of the leads in a stage, how many moved on to
 * each other stage. Leads count in the month they arrived, whatever happened to them since.
 */
@Report()
export class PipelineFunnelReport extends ReportProjection {
  readonly name = 'report_pipeline_funnel';
  readonly title = 'Pipeline funnel';
  readonly description =
    'Leads that reached each stage, by the month they arrived, and stage-to-stage conversion.';
  readonly version = 2;
  readonly handles = ['LeadCreated', 'LeadStatusChanged'];
  readonly tables = [LEADS, REACHED, MOVES];

  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    await db.query(`create table ${tables[LEADS]} (lead_id uuid primary key, month text not null)`);
    await db.query(`create table ${tables[REACHED]} (
      lead_id uuid not null, status text not null, month text not null,
      primary key (lead_id, status))`);
    await db.query(`create table ${tables[MOVES]} (
      lead_id uuid not null, from_status text not null, to_status text not null, month text not null,
      primary key (lead_id, from_status, to_status))`);
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const moved = [
      ...new Set(
        events
          .filter((e) => e.type === 'LeadStatusChanged')
          .map((e) => leadIdFromStream(e.streamId)),
      ),
    ];
    const known = await loadRows<{ lead_id: string; month: string }>(
      db,
      tables[LEADS],
      'lead_id',
      'uuid',
      moved,
    );
    const monthOfLead = new Map(known.map((row) => [row.lead_id, row.month]));
    const leads: object[] = [];
    const reached: object[] = [];
    const moves: object[] = [];
    for (const event of events) {
      const leadId = leadIdFromStream(event.streamId);
      const data = event.data as { status?: string; from?: string; to?: string };
      if (event.type === 'LeadCreated') {
        const month = reportMonth(event.occurredAt);
        monthOfLead.set(leadId, month);
        leads.push({ lead_id: leadId, month });
        reached.push({ lead_id: leadId, status: data.status, month });
        continue;
      }
      const month = monthOfLead.get(leadId);
      if (!month) continue;
      reached.push({ lead_id: leadId, status: data.to, month });
      moves.push({ lead_id: leadId, from_status: data.from, to_status: data.to, month });
    }
    const ignoreRepeats = (key: string) => `(${key}) do nothing`;
    await insertRows(db, tables[LEADS], { lead_id: 'uuid', month: 'text' }, leads);
    await insertRows(
      db,
      tables[REACHED],
      { lead_id: 'uuid', status: 'text', month: 'text' },
      reached,
      ignoreRepeats('lead_id, status'),
    );
    await insertRows(
      db,
      tables[MOVES],
      { lead_id: 'uuid', from_status: 'text', to_status: 'text', month: 'text' },
      moves,
      ignoreRepeats('lead_id, from_status, to_status'),
    );
  }

  async read(db: Queryable): Promise<ReportContent> {
    const { rows: funnel } = await db.query<{ month: string; status: string; leads: number }>(
      `select month, status, count(*)::int as leads from ${REACHED}
       group by 1, 2 order by 1, 3 desc, 2`,
    );
    const { rows: conversion } = await db.query<{
      month: string;
      from_status: string;
      to_status: string;
      moved: number;
      reached: number;
    }>(
      `with reached as (
         select month, status, count(*)::int as reached from ${REACHED} group by 1, 2),
       moved as (
         select month, from_status, to_status, count(*)::int as moved from ${MOVES} group by 1, 2, 3)
       select m.month, m.from_status, m.to_status, m.moved, r.reached
       from moved m join reached r on r.month = m.month and r.status = m.from_status
       order by 1, 2, 4 desc, 3`,
    );
    const totals = new Map<string, number>();
    for (const row of funnel) totals.set(row.status, (totals.get(row.status) ?? 0) + row.leads);
    const stages = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return {
      chart: {
        title: 'Leads that reached each stage',
        categories: stages.map(([status]) => status),
        series: [{ label: 'Leads', data: stages.map(([, leads]) => leads) }],
      },
      tables: [
        {
          title: 'Funnel by month of arrival',
          columns: [
            { key: 'month', label: 'Month', kind: 'text' },
            { key: 'status', label: 'Stage', kind: 'text' },
            { key: 'leads', label: 'Leads that reached it', kind: 'count' },
          ],
          rows: funnel,
        },
        {
          title: 'Stage-to-stage conversion',
          columns: [
            { key: 'month', label: 'Month', kind: 'text' },
            { key: 'from', label: 'From stage', kind: 'text' },
            { key: 'to', label: 'To stage', kind: 'text' },
            { key: 'moved', label: 'Leads moved', kind: 'count' },
            { key: 'conversion', label: 'Share of the stage', kind: 'percent' },
          ],
          rows: conversion.map((row) => ({
            month: row.month,
            from: row.from_status,
            to: row.to_status,
            moved: row.moved,
            conversion: Math.round((row.moved / row.reached) * 1000) / 10,
          })),
        },
      ],
    };
  }
}
