import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL, type Queryable } from '#src/platform/database/queryable.js';
import type { InlineEvent } from '#src/platform/event-store/event-store.types.js';
import { leadIdFromMailStream } from '#src/modules/mail/domain/mail.events.js';

/** Message-ID → lead, for every message of every conversation: how thread headers find a lead. */
@Injectable()
export class MailThreadIndex {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** Runs in the appending transaction of EmailQueued and EmailReceived. */
  async follow(events: InlineEvent[], db: Queryable): Promise<void> {
    const ids = events
      .map((e) => [(e.data as { headerMessageId?: string }).headerMessageId, e.streamId] as const)
      .filter((pair): pair is [string, string] => pair[0] !== undefined);
    if (ids.length === 0) return;
    await db.query(
      `insert into mail_message_ids (header_message_id, lead_id)
       select * from unnest($1::text[], $2::uuid[]) on conflict do nothing`,
      [ids.map(([id]) => id.toLowerCase()), ids.map(([, stream]) => leadIdFromMailStream(stream))],
    );
  }

  async forgetLeads(leadIds: string[], db: Queryable): Promise<void> {
    await db.query('delete from mail_message_ids where lead_id = any($1::uuid[])', [leadIds]);
  }

  /** The lead of the newest listed Message-ID we know, or null. */
  async leadOf(headerMessageIds: string[]): Promise<string | null> {
    if (headerMessageIds.length === 0) return null;
    const wanted = headerMessageIds.map((id) => id.toLowerCase());
    const { rows } = await this.pool.query<{ header_message_id: string; lead_id: string }>(
      'select header_message_id, lead_id from mail_message_ids where header_message_id = any($1)',
      [wanted],
    );
    const byId = new Map(rows.map((row) => [row.header_message_id, row.lead_id]));
    const newest = [...wanted].reverse().find((id) => byId.has(id));
    return newest ? byId.get(newest)! : null;
  }
}
