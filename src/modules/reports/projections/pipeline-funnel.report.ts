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
import { reportMonth } from './report-rows.js';

/** Per lead: its month, the stages it reached and the moves it made, each counted once. */
const LEADS = stateTable(
  'report_pipeline_funnel_leads',
  { lead_id: 'uuid', month: 'text', reached: 'text[]', moves: 'text[]' },
  'lead_id',
);
const REACHED = counterTable(
  'report_pipeline_funnel_reached',
  { month: 'text', status: 'text' },
  { leads: { type: 'int', merge: 'sum' } },
);
const MOVES = counterTable(
  'report_pipeline_funnel_moves',
  { month: 'text', from_status: 'text', to_status: 'text' },
  { moved: { type: 'int', merge: 'sum' } },
);

interface FunnelLead {
  lead_id: string;
  month: string;
  reached: string[];
  moves: string[];
  [column: string]: unknown;
}

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
  readonly version = 3;
  readonly handles = ['LeadCreated', 'LeadStatusChanged'];
  readonly storeTables = [LEADS, REACHED, MOVES];

  protected async fold(events: RecordedEvent[], rows: ReportRowBuffer): Promise<void> {
    await rows.load(LEADS, () =>
      events.filter((e) => e.type === 'LeadStatusChanged').map((e) => leadIdFromStream(e.streamId)),
    );
    for (const event of events) {
      const leadId = leadIdFromStream(event.streamId);
      const data = event.data as { status?: string; from?: string; to?: string };
      if (event.type === 'LeadCreated') {
        const month = reportMonth(event.occurredAt);
        rows.put(LEADS, { lead_id: leadId, month, reached: [data.status], moves: [] });
        rows.count(REACHED, { month, status: data.status }, { leads: 1 });
        continue;
      }
      const lead = rows.get<FunnelLead>(LEADS, leadId);
      if (!lead) continue;
      const move = `${data.from}>${data.to}`;
      const reachedNow = !lead.reached.includes(data.to!);
      const movedNow = !lead.moves.includes(move);
      if (reachedNow) {
        lead.reached.push(data.to!);
        rows.count(REACHED, { month: lead.month, status: data.to }, { leads: 1 });
      }
      if (movedNow) {
        lead.moves.push(move);
        rows.count(
          MOVES,
          { month: lead.month, from_status: data.from, to_status: data.to },
          { moved: 1 },
        );
      }
      if (reachedNow || movedNow) rows.put(LEADS, lead);
    }
  }

  async read(db: Queryable): Promise<ReportContent> {
    const { rows: funnel } = await db.query<{ month: string; status: string; leads: number }>(
      `select month, status, leads from ${REACHED.name} order by 1, 3 desc, 2`,
    );
    const { rows: conversion } = await db.query<{
      month: string;
      from_status: string;
      to_status: string;
      moved: number;
      reached: number;
    }>(
      `select m.month, m.from_status, m.to_status, m.moved, r.leads as reached
       from ${MOVES.name} m
       join ${REACHED.name} r on r.month = m.month and r.status = m.from_status
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
