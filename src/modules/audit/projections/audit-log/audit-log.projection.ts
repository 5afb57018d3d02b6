import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { Projection } from '#src/platform/projections/projection.decorator.js';
import { projectionOf } from '#src/platform/projections/projection-of.js';
import type { ProjectionContext } from '#src/platform/projections/projection.types.js';
import { ERASED_LEAD } from '#src/modules/audit/domain/audit-entry.js';
import { presentEvent } from '#src/modules/audit/presenters/audit-presenters.js';
import { AuditNames, leadOf } from './audit-names.js';

export const AUDIT_LOG_PROJECTION = 'audit_log';
export const AUDIT_LOG_TABLE = 'audit_log';
export const AUDIT_NAMES_TABLE = 'audit_names';

/** One audit row as stored; `erased_sentence` replaces `sentence` when its lead is erased. */
export interface AuditLogRow {
  position: number;
  occurred_at: string;
  event_type: string;
  action: string;
  actor_id: string | null;
  actor_name: string;
  actor_role: string;
  target_kind: string | null;
  target_id: string | null;
  target_label: string | null;
  sentence: string;
  erased_sentence: string | null;
}

const RECORD_TYPE = `position bigint, occurred_at timestamptz, event_type text, action text,
  actor_id text, actor_name text, actor_role text, target_kind text, target_id text,
  target_label text, sentence text, erased_sentence text`;

/**
 * Every event of the system as a readable row: who, when, what, on whom. Async: telling an
 * event never slows the command that caused it. Names are kept as they were at the event; a
 * lead's erasure rewrites its rows to their erased wording, which is exactly what a rebuild
 * after the erasure produces, so the log survives a rebuild identically.
 */
@Projection()
@Injectable()
export class AuditLogProjection extends projectionOf({
  name: AUDIT_LOG_PROJECTION,
  mode: 'async',
  version: 1,
  /** Every type: events added by any module later are recorded without a change here. */
  handles: [],
  needsPersonalData: true,
  /** The Audit tab tells while it is being built (a long log takes a while). */
  buildInBackground: true,
  tables: [AUDIT_LOG_TABLE, AUDIT_NAMES_TABLE],
}) {
  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    const t = tables[AUDIT_LOG_TABLE];
    await db.query(
      `create table ${t} (${RECORD_TYPE.replace('position bigint', 'position bigint primary key')})`,
    );
    // Erasures rewrite a lead's rows while the log is being built: this one index is kept up.
    await db.query(
      `create index ${t}_target on ${t} (target_kind, target_id, occurred_at desc, position desc)`,
    );
    await db.query(`create table ${tables[AUDIT_NAMES_TABLE]} (
      kind text not null, id text not null, label text, primary key (kind, id))`);
  }

  /** Newest first under the other filters; free text through trigrams. */
  async createIndexes({ db, tables }: ProjectionContext): Promise<void> {
    const t = tables[AUDIT_LOG_TABLE];
    await db.query(
      `create index if not exists ${t}_time on ${t} (occurred_at desc, position desc)`,
    );
    await db.query(
      `create index if not exists ${t}_actor on ${t} (actor_id, occurred_at desc, position desc)`,
    );
    await db.query(
      `create index if not exists ${t}_type on ${t} (event_type, occurred_at desc, position desc)`,
    );
    await db.query(
      `create index if not exists ${t}_sentence on ${t} using gin (sentence gin_trgm_ops)`,
    );
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const t = tables[AUDIT_LOG_TABLE];
    const names = await AuditNames.load(db, tables[AUDIT_NAMES_TABLE], events);
    const erased = new Set<string>();
    const rows = events.map((event) => {
      names.note(event);
      if (event.type === 'LeadErased') erased.add(leadOf(event)!);
      return toRow(event, names);
    });
    await names.save(db);
    await db.query(
      `insert into ${t} select * from jsonb_to_recordset($1::jsonb) as r(${RECORD_TYPE})`,
      [JSON.stringify(rows)],
    );
    if (erased.size > 0) {
      await db.query(
        `update ${t} set sentence = erased_sentence, target_label = $2
         where target_kind = 'lead' and target_id = any($1) and erased_sentence is not null
           and (sentence <> erased_sentence or target_label is distinct from $2)`,
        [[...erased], ERASED_LEAD],
      );
    }
  }
}

function toRow(event: RecordedEvent, names: AuditNames): AuditLogRow {
  const presented = presentEvent(event, names.book);
  const target = presented.target;
  const aboutLead = target?.kind === 'lead';
  const label = !target
    ? null
    : target.kind === 'lead'
      ? names.book.lead(target.id)
      : target.kind === 'member'
        ? names.book.member(target.id)
        : names.book.column(target.id);
  return {
    position: event.globalPosition,
    occurred_at: event.occurredAt.toISOString(),
    event_type: event.type,
    action: presented.action,
    actor_id: event.metadata.actorId ?? null,
    actor_name: event.metadata.actorName,
    actor_role: event.metadata.actorRole,
    target_kind: target?.kind ?? null,
    target_id: target?.id ?? null,
    target_label: label,
    sentence: presented.sentence,
    // The same event told without its personal data and with the lead erased.
    erased_sentence: aboutLead
      ? presentEvent(withoutPersonalData(event), names.erasedBook).sentence
      : null,
  };
}

function withoutPersonalData(event: RecordedEvent): RecordedEvent {
  return { ...event, personalData: event.personalData === undefined ? undefined : null };
}
