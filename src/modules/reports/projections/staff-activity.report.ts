import type { Queryable } from '#src/platform/database/queryable.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import {
  counterTable,
  stateTable,
  type ReportRowBuffer,
} from '#src/modules/reports/projections/report-row-buffer.js';
import {
  LEAD_EVENT_TYPES,
  leadIdFromStream,
  leadStreamId,
  type LeadCreated,
} from '#src/modules/leads/index.js';
import {
  EMAIL_QUEUED,
  leadIdFromMailStream,
  mailStreamId,
  type EmailQueuedData,
} from '#src/modules/mail/index.js';
import type { ReportContent } from '#src/contract/reports.js';
import { Report, ReportProjection } from './report-projection.js';
import { type Histogram, percentile, staffActor } from './report-rows.js';

const MEMBERS = stateTable(
  'report_staff_activity_members',
  { actor_id: 'text', name: 'text not null', role: 'text not null' },
  'actor_id',
);
const ACTIONS = counterTable(
  'report_staff_activity_actions',
  { actor_id: 'text', action: 'text' },
  { count: { type: 'int', merge: 'sum' } },
);
/** New leads from the public site, and who answered each first, when. */
const RESPONSES = stateTable(
  'report_staff_activity_responses',
  {
    lead_id: 'uuid',
    created_at: 'timestamptz not null',
    responded_at: 'timestamptz',
    responder_id: 'text',
  },
  'lead_id',
);

/**
 * How long first answers took, by who answered and the whole minutes it took: the answer times the
 * report shows, kept folded so opening it reads a few rows per member.
 */
const ANSWER_TIMES = counterTable(
  'report_staff_activity_answer_times',
  { responder_id: 'text', minutes: 'int' },
  { answers: { type: 'int', merge: 'sum' } },
);

const MINUTE_MS = 60_000;

/** What counts as answering a new lead: a status move, or an e-mail staff wrote to the customer. */
const RESPONSE_EVENT_TYPES: readonly string[] = ['LeadStatusChanged', EMAIL_QUEUED];

const isResponse = (event: RecordedEvent) =>
  event.type === 'LeadStatusChanged' ||
  (event.type === EMAIL_QUEUED && (event.data as unknown as EmailQueuedData).kind === 'staff');

/** Columns of the activity table and the lead event types each counts. */
const ACTIONS_COUNTED = [
  { key: 'created', label: 'Leads added', types: ['LeadCreated'] },
  { key: 'moved', label: 'Status moves', types: ['LeadStatusChanged'] },
  { key: 'emailed', label: 'E-mails sent', types: [EMAIL_QUEUED] },
  { key: 'edited', label: 'Edits and notes', types: ['LeadDetailsChanged', 'LeadNotesChanged'] },
  {
    key: 'binned',
    label: 'Trashed, restored, erased',
    types: ['LeadTrashed', 'LeadRestored', 'LeadErased'],
  },
] as const;

interface Response {
  lead_id: string;
  created_at: Date | string;
  responded_at: Date | string | null;
  responder_id: string | null;
  [column: string]: unknown;
}

/**
 * What each team member did to leads, and how fast they answered new ones: the first status move
 * (or e-mail) by staff on a lead that came from the public site, and who made it.
 */
@Report()
export class StaffActivityReport extends ReportProjection {
  readonly name = 'report_staff_activity';
  readonly title = 'Staff activity';
  readonly description =
    'Actions per team member, and the time from a new quote or message to its first answer.';
  readonly version = 3;
  readonly handles = [...new Set([...LEAD_EVENT_TYPES, ...RESPONSE_EVENT_TYPES])];
  readonly storeTables = [MEMBERS, ACTIONS, RESPONSES, ANSWER_TIMES];

  protected async fold(events: RecordedEvent[], rows: ReportRowBuffer): Promise<void> {
    await rows.load(RESPONSES, () =>
      events
        .filter(isResponse)
        .map(leadIdOf)
        .filter((id): id is string => id !== null),
    );
    for (const event of events) {
      const actor = staffActor(event);
      if (actor) {
        const member = rows.get(MEMBERS, actor.id);
        // Most events are by someone already known as they are: nothing to write for those.
        if (member?.name !== actor.name || member.role !== actor.role)
          rows.put(MEMBERS, { actor_id: actor.id, name: actor.name, role: actor.role });
        rows.count(ACTIONS, { actor_id: actor.id, action: event.type }, { count: 1 });
      }
      const leadId = leadIdOf(event);
      if (!leadId) continue;
      if (
        event.type === 'LeadCreated' &&
        (event as unknown as LeadCreated).data.source !== 'manual'
      ) {
        rows.put(RESPONSES, {
          lead_id: leadId,
          created_at: event.occurredAt,
          responded_at: null,
          responder_id: null,
        });
      }
      const waiting = rows.get<Response>(RESPONSES, leadId);
      if (actor && waiting && !waiting.responded_at && isResponse(event)) {
        rows.put(RESPONSES, { ...waiting, responded_at: event.occurredAt, responder_id: actor.id });
        const took = event.occurredAt.getTime() - new Date(waiting.created_at).getTime();
        rows.count(
          ANSWER_TIMES,
          { responder_id: actor.id, minutes: Math.round(took / MINUTE_MS) },
          { answers: 1 },
        );
      }
    }
  }

  async read(db: Queryable): Promise<ReportContent> {
    const countColumns = ACTIONS_COUNTED.map(
      ({ key, types }) =>
        `coalesce((select sum(a.count) from ${ACTIONS.name} a
          where a.actor_id = m.actor_id and a.action in (${types.map((t) => `'${t}'`).join(', ')})), 0)::int as ${key}`,
    ).join(',\n');
    const { rows } = await db.query<Record<string, string | number | null>>(
      `select m.actor_id, m.name as member, m.role,
         ${countColumns},
         coalesce((select sum(a.count) from ${ACTIONS.name} a where a.actor_id = m.actor_id), 0)::int as total
       from ${MEMBERS.name} m
       order by total desc, member`,
    );
    const answers = await answerTimes(db);
    for (const row of rows) {
      const histogram = answers.get(String(row.actor_id)) ?? [];
      row.responses = histogram.reduce((sum, bucket) => sum + bucket.count, 0);
      row.median_hours = histogram.length
        ? Math.round((percentile(histogram, 0.5) / 60) * 10) / 10
        : null;
      delete row.actor_id;
    }
    return {
      chart: {
        title: 'Actions per team member',
        categories: rows.map((row) => String(row.member)),
        series: [
          { label: 'Actions', data: rows.map((row) => Number(row.total)) },
          { label: 'First answers', data: rows.map((row) => Number(row.responses)) },
        ],
      },
      tables: [
        {
          title: 'Activity and first-answer time per team member',
          columns: [
            { key: 'member', label: 'Team member', kind: 'text' },
            { key: 'role', label: 'Role', kind: 'text' },
            ...ACTIONS_COUNTED.map(({ key, label }) => ({ key, label, kind: 'count' as const })),
            { key: 'total', label: 'All actions', kind: 'count' },
            { key: 'responses', label: 'New leads answered first', kind: 'count' },
            { key: 'median_hours', label: 'Median hours to first answer', kind: 'hours' },
          ],
          rows,
        },
      ],
    };
  }
}

/** Each responder's first answers as a histogram of whole minutes. */
async function answerTimes(db: Queryable): Promise<Map<string, Histogram>> {
  const { rows } = await db.query<{ responder_id: string; minutes: number; answers: number }>(
    `select responder_id, minutes, answers from ${ANSWER_TIMES.name}
     where answers > 0 order by responder_id, minutes`,
  );
  const byResponder = new Map<string, Histogram>();
  for (const { responder_id, minutes, answers } of rows) {
    const histogram = byResponder.get(responder_id);
    const bucket = { value: minutes, count: answers };
    if (histogram) histogram.push(bucket);
    else byResponder.set(responder_id, [bucket]);
  }
  return byResponder;
}

/** The lead an event is about: its stream's (a lead's, or its e-mail conversation's), or the one it names. */
function leadIdOf(event: RecordedEvent): string | null {
  const named = (event.data as { leadId?: unknown }).leadId;
  if (typeof named === 'string') return named;
  if (event.streamId.startsWith(leadStreamId(''))) return leadIdFromStream(event.streamId);
  if (event.streamId.startsWith(mailStreamId(''))) return leadIdFromMailStream(event.streamId);
  return null;
}
