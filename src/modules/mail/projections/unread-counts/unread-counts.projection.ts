import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { Projection } from '#src/platform/projections/projection.decorator.js';
import type {
  ProjectionContext,
  ProjectionDefinition,
} from '#src/platform/projections/projection.types.js';
import { leadIdFromStream } from '#src/modules/leads/domain/lead.events.js';
import {
  EMAIL_CONVERSATION_READ,
  EMAIL_RECEIVED,
  leadIdFromMailStream,
} from '#src/modules/mail/domain/mail.events.js';

export const UNREAD_COUNTS_TABLE = 'mail_unread_counts';

/**
 * Received messages nobody has read, per lead. Inline, so a conversation opened and marked read
 * shows its badge gone at once; kept as counters so the board's badge call reads only leads
 * with something unread, however long the conversations are.
 */
@Projection()
@Injectable()
export class UnreadCountsProjection implements ProjectionDefinition {
  readonly name = 'mail_unread_counts';
  readonly mode = 'inline' as const;
  readonly version = 1;
  readonly handles = [EMAIL_RECEIVED, EMAIL_CONVERSATION_READ, 'LeadErased'];
  readonly tables = [UNREAD_COUNTS_TABLE];

  async createTables({ db, tables }: ProjectionContext): Promise<void> {
    const t = tables[UNREAD_COUNTS_TABLE];
    await db.query(`create table ${t} (lead_id uuid primary key, unread int not null)`);
    await db.query(`create index ${t}_unread on ${t} (lead_id, unread) where unread > 0`);
  }

  async apply(events: RecordedEvent[], { db, tables }: ProjectionContext): Promise<void> {
    const t = tables[UNREAD_COUNTS_TABLE];
    const deltas = new Map<string, number>();
    const erased: string[] = [];
    for (const event of events) {
      if (event.type === 'LeadErased') {
        erased.push(leadIdFromStream(event.streamId));
        continue;
      }
      const leadId = leadIdFromMailStream(event.streamId);
      const delta =
        event.type === EMAIL_RECEIVED ? 1 : -(event.data as { messagesRead: number }).messagesRead;
      deltas.set(leadId, (deltas.get(leadId) ?? 0) + delta);
    }
    if (deltas.size > 0) {
      await db.query(
        `insert into ${t} as t (lead_id, unread)
         select * from unnest($1::uuid[], $2::int[])
         on conflict (lead_id) do update set unread = greatest(0, t.unread + excluded.unread)`,
        [[...deltas.keys()], [...deltas.values()]],
      );
    }
    if (erased.length > 0) {
      await db.query(`delete from ${t} where lead_id = any($1::uuid[])`, [erased]);
    }
  }
}
