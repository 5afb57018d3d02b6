import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import type { Queryable } from '#src/platform/database/queryable.js';
import {
  LEAD_EVENT_TYPES,
  type LeadEventType,
  leadIdFromStream,
  DEFAULT_COLUMNS,
} from '#src/modules/leads/index.js';
import { MemberEvents } from '#src/modules/team/index.js';
import { DataAccessEvents } from '#src/modules/audit/domain/data-access.events.js';
import { ERASED_LEAD, type AuditTargetKind } from '#src/modules/audit/domain/audit-entry.js';
import type { NameBook } from '#src/modules/audit/presenters/presenter.types.js';

type NameKind = AuditTargetKind;
const LEAD_TYPES = new Set<string>(LEAD_EVENT_TYPES);
const DEFAULT_COLUMN_NAMES = new Map(DEFAULT_COLUMNS.map((c) => [c.id, c.name]));

const fullName = (p: { firstName?: unknown; lastName?: unknown }) =>
  [p.firstName, p.lastName].filter((part) => typeof part === 'string' && part).join(' ');

/** A lead's label keeps first and last name apart, so a later edit of one keeps the other. */
const NAME_PARTS = '\t';
const leadLabel = (first: unknown, last: unknown) =>
  `${typeof first === 'string' ? first : ''}${NAME_PARTS}${typeof last === 'string' ? last : ''}`;

/** The lead an event is about, if any. */
export function leadOf(event: RecordedEvent): string | null {
  if (LEAD_TYPES.has(event.type as LeadEventType)) return leadIdFromStream(event.streamId);
  if (event.type === DataAccessEvents.LeadDetailsViewed) return event.data.leadId as string;
  return null;
}

/** The other lead a duplicate link or a merge names, whose name its sentence tells too. */
function otherLeadOf(event: RecordedEvent): string | null {
  const { otherLeadId, into, from } = event.data;
  if (event.type === 'LeadLinkedAsDuplicate' && typeof otherLeadId === 'string') return otherLeadId;
  if (event.type === 'LeadMerged' && typeof into === 'string') return into;
  if (event.type === 'LeadAbsorbed' && typeof from === 'string') return from;
  return null;
}

const memberOf = (event: RecordedEvent) =>
  typeof event.data.memberId === 'string' ? event.data.memberId : null;

/**
 * The names the audit sentences use, as they were at each event: lead names (null once erased),
 * member names and column names, kept in a table of the audit log's own.
 */
export class AuditNames {
  /** `null` label: the lead was erased. */
  private readonly labels = new Map<string, string | null>();
  private readonly changed = new Set<string>();

  private constructor(private readonly table: string) {}

  static async load(db: Queryable, table: string, events: RecordedEvent[]): Promise<AuditNames> {
    const names = new AuditNames(table);
    const leads = [
      ...new Set(events.flatMap((e) => [leadOf(e), otherLeadOf(e)]).filter((id) => id !== null)),
    ];
    const members = [...new Set(events.map(memberOf).filter((id) => id !== null))];
    const { rows } = await db.query<{ kind: NameKind; id: string; label: string | null }>(
      `select kind, id, label from ${table}
       where kind = 'column' or (kind = 'lead' and id = any($1)) or (kind = 'member' and id = any($2))`,
      [leads, members],
    );
    for (const row of rows) names.labels.set(key(row.kind, row.id), row.label);
    return names;
  }

  /** Takes the names an event introduces or changes, before the event is told. */
  note(event: RecordedEvent): void {
    const personal = event.personalData as Record<string, unknown> | null | undefined;
    switch (event.type) {
      case 'LeadCreated':
        this.set(
          'lead',
          leadIdFromStream(event.streamId),
          personal ? leadLabel(personal.firstName, personal.lastName) : null,
        );
        return;
      case 'LeadDetailsChanged': {
        const changes = (personal?.changes ?? {}) as Record<string, { to: string } | undefined>;
        if (!changes.firstName && !changes.lastName) return;
        const id = leadIdFromStream(event.streamId);
        if (this.labels.get(key('lead', id)) === null) return;
        const [first, last] = (this.labels.get(key('lead', id)) ?? NAME_PARTS).split(NAME_PARTS);
        this.set(
          'lead',
          id,
          leadLabel(changes.firstName?.to ?? first, changes.lastName?.to ?? last),
        );
        return;
      }
      case 'LeadErased':
        this.set('lead', leadIdFromStream(event.streamId), null);
        return;
      case MemberEvents.MemberAdded:
      case MemberEvents.MemberProfileChanged:
        if (personal) this.set('member', event.data.memberId as string, fullName(personal));
        return;
      case 'PipelineColumnAdded':
        this.set('column', event.data.id as string, event.data.name as string);
        return;
      case 'PipelineColumnRenamed':
        this.set('column', event.data.id as string, event.data.to as string);
        return;
    }
  }

  readonly book: NameBook = {
    lead: (id) => {
      const label = this.labels.get(key('lead', id));
      if (label === null) return ERASED_LEAD;
      return (
        fullName({
          firstName: label?.split(NAME_PARTS)[0],
          lastName: label?.split(NAME_PARTS)[1],
        }) || 'a lead'
      );
    },
    member: (id) => this.labels.get(key('member', id)) || 'a former member',
    column: (id) => this.labels.get(key('column', id)) ?? DEFAULT_COLUMN_NAMES.get(id) ?? id,
  };

  /** The same book as it reads once the lead of the event is erased. */
  readonly erasedBook: NameBook = { ...this.book, lead: () => ERASED_LEAD };

  /** Writes the names changed since loading. */
  async save(db: Queryable): Promise<void> {
    if (this.changed.size === 0) return;
    const rows = [...this.changed].map((k) => {
      const [kind, id] = k.split('\u0000');
      return { kind, id, label: this.labels.get(k) ?? null };
    });
    await db.query(
      `insert into ${this.table} (kind, id, label)
       select kind, id, label from jsonb_to_recordset($1::jsonb) as r(kind text, id text, label text)
       on conflict (kind, id) do update set label = excluded.label`,
      [JSON.stringify(rows)],
    );
  }

  private set(kind: NameKind, id: string, label: string | null): void {
    this.labels.set(key(kind, id), label);
    this.changed.add(key(kind, id));
  }
}

const key = (kind: NameKind, id: string) => `${kind}\u0000${id}`;
