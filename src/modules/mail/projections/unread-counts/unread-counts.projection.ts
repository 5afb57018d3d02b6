import { Injectable } from '@nestjs/common';
import type { InlineEvent } from '#src/platform/event-store/event-store.types.js';
import { Projection } from '#src/platform/projections/projection.decorator.js';
import { projectionOf } from '#src/platform/projections/projection-of.js';
import type { ProjectionContext } from '#src/platform/projections/projection.types.js';
import { leadIdFromStream } from '#src/modules/leads/index.js';
import {
  EMAIL_CONVERSATION_READ,
  EMAIL_RECEIVED,
  leadIdFromMailStream,
} from '#src/modules/mail/domain/mail.events.js';

export const UNREAD_COUNTS_TABLE = 'mail_unread_counts';
/**
 * One row naming the counters' current state: how many events have changed them, so a reader can
 * keep its last answer for as long as the generation it was read with is current. Counted from
 * the log, a rebuild reaches the same generation as the live build, with the same counts.
 */
export const UNREAD_GENERATION_TABLE = 'mail_unread_generation';

/** What a batch of events does to one lead's row. */
interface LeadChange {
  unreadDelta: number;
  /** The last trash or restore in the batch, if any. */
  trashed?: boolean;
  erased: boolean;
}

/**
 * Received messages nobody has read, per lead on the board. Inline, so a conversation opened and
 * marked read shows its badge gone at once. A row exists only while its lead has something
 * unread or sits in the Recycle Bin (where its count waits for a restore), so the badge call
 * reads the few leads with a badge, never every lead that ever had mail.
 */
@Projection()
@Injectable()
export class UnreadCountsProjection extends projectionOf({
  name: 'mail_unread_counts',
  mode: 'inline',
  version: 2,
  handles: [EMAIL_RECEIVED, EMAIL_CONVERSATION_READ, 'LeadTrashed', 'LeadRestored', 'LeadErased'],
  tables: [UNREAD_COUNTS_TABLE, UNREAD_GENERATION_TABLE],
}) {
  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    const t = tables[UNREAD_COUNTS_TABLE];
    await db.query(
      `create table ${t} (lead_id uuid primary key, unread int not null, on_board boolean not null)`,
    );
    await db.query(`create index ${t}_on_board on ${t} (lead_id) include (unread) where on_board`);
    const g = tables[UNREAD_GENERATION_TABLE];
    await db.query(`create table ${g} (generation bigint not null)`);
    await db.query(`insert into ${g} values (0)`);
  }

  async apply(events: InlineEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const t = tables[UNREAD_COUNTS_TABLE];
    const changes = changesByLead(events);
    if (changes.size === 0) return;
    const erased = [...changes].filter(([, change]) => change.erased).map(([leadId]) => leadId);
    const counted = [...changes].filter(([, change]) => !change.erased && change.unreadDelta !== 0);
    if (counted.length > 0) {
      // A lead without a row is on the board: trashing one always leaves its row (next statement).
      await db.query(
        `insert into ${t} as t (lead_id, unread, on_board)
         select lead_id, delta, true from unnest($1::uuid[], $2::int[]) as c (lead_id, delta)
         on conflict (lead_id) do update set unread = greatest(0, t.unread + excluded.unread)`,
        [counted.map(([leadId]) => leadId), counted.map(([, change]) => change.unreadDelta)],
      );
    }
    const moved = [...changes].filter(
      ([, change]) => !change.erased && change.trashed !== undefined,
    );
    if (moved.length > 0) {
      await db.query(
        `insert into ${t} as t (lead_id, unread, on_board)
         select lead_id, 0, not trashed from unnest($1::uuid[], $2::boolean[]) as m (lead_id, trashed)
         on conflict (lead_id) do update set on_board = excluded.on_board`,
        [moved.map(([leadId]) => leadId), moved.map(([, change]) => change.trashed)],
      );
    }
    const touched = [...counted, ...moved].map(([leadId]) => leadId);
    if (touched.length > 0) {
      await db.query(
        `delete from ${t} where lead_id = any($1::uuid[]) and on_board and unread <= 0`,
        [touched],
      );
    }
    if (erased.length > 0) {
      await db.query(`delete from ${t} where lead_id = any($1::uuid[])`, [erased]);
    }
    // Last, just before the commit: the one row every change writes is held only briefly.
    await db.query(`update ${tables[UNREAD_GENERATION_TABLE]} set generation = generation + $1`, [
      events.length,
    ]);
  }
}

/** Folds a batch into one change per lead, in log order. */
function changesByLead(events: InlineEvent[]): Map<string, LeadChange> {
  const changes = new Map<string, LeadChange>();
  const changeOf = (leadId: string) => {
    let change = changes.get(leadId);
    if (!change) changes.set(leadId, (change = { unreadDelta: 0, erased: false }));
    return change;
  };
  for (const event of events) {
    switch (event.type) {
      case EMAIL_RECEIVED:
        changeOf(leadIdFromMailStream(event.streamId)).unreadDelta += 1;
        break;
      case EMAIL_CONVERSATION_READ:
        changeOf(leadIdFromMailStream(event.streamId)).unreadDelta -= (
          event.data as { messagesRead: number }
        ).messagesRead;
        break;
      case 'LeadTrashed':
      case 'LeadRestored':
        changeOf(leadIdFromStream(event.streamId)).trashed = event.type === 'LeadTrashed';
        break;
      case 'LeadErased':
        changeOf(leadIdFromStream(event.streamId)).erased = true;
        break;
    }
  }
  return changes;
}
