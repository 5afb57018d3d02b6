import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Queryable } from '#src/platform/database/queryable.js';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import {
  PERSONAL_DATA_FIELD,
  type PersonalDataEnvelope,
} from '#src/platform/event-store/personal-data-vault.js';
import {
  type EmailQueuedData,
  type EmailQueuedPersonalData,
  leadIdFromMailStream,
} from '#src/modules/mail/domain/mail.events.js';

export interface ClaimedEmail {
  messageId: string;
  leadId: string;
  /** Tries made before this one. */
  attempts: number;
  data: EmailQueuedData;
  /** null when the lead was erased since: nothing is left to send. */
  content: EmailQueuedPersonalData | null;
}

/** The outbox table: rows follow the events, the worker claims them under row locks. */
@Injectable()
export class MailOutbox {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly eventStore: EventStore,
  ) {}

  /** Runs in the appending transaction: the row exists exactly when the event does. */
  async follow(events: RecordedEvent[], db: Queryable): Promise<void> {
    const queued = events.filter((e) => e.type === 'EmailQueued');
    if (queued.length > 0) {
      await db.query(
        `insert into mail_outbox (message_id, lead_id, queued_event_id, queued_at)
         select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[])
         on conflict (message_id) do nothing`,
        [
          queued.map((e) => (e.data as unknown as EmailQueuedData).messageId),
          queued.map((e) => leadIdFromMailStream(e.streamId)),
          queued.map((e) => e.eventId),
          queued.map((e) => e.occurredAt),
        ],
      );
    }
    const settled = events
      .filter((e) => e.type === 'EmailDelivered' || e.type === 'EmailDeliveryFailed')
      .map((e) => (e.data as { messageId: string }).messageId);
    if (settled.length > 0) {
      await db.query('delete from mail_outbox where message_id = any($1::uuid[])', [settled]);
    }
  }

  /** Erasing a lead takes its unsent mail with it. */
  async forgetLeads(leadIds: string[], db: Queryable): Promise<void> {
    await db.query('delete from mail_outbox where lead_id = any($1::uuid[])', [leadIds]);
  }

  /**
   * Locks up to `limit` due messages for this transaction; rows another worker holds are
   * skipped, so two app instances never send one message at the same time.
   */
  async claimDue(client: pg.PoolClient, limit: number): Promise<ClaimedEmail[]> {
    const { rows } = await client.query<{
      message_id: string;
      lead_id: string;
      attempts: number;
      data: Record<string, unknown>;
    }>(
      `select o.message_id, o.lead_id, o.attempts, e.data
       from mail_outbox o join events e on e.event_id = o.queued_event_id
       where o.next_attempt_at <= now()
       order by o.next_attempt_at
       limit $1
       for update of o skip locked`,
      [limit],
    );
    const contents = await this.eventStore.personalData.openMany(
      rows.map((row) => row.data[PERSONAL_DATA_FIELD] as PersonalDataEnvelope),
      client,
    );
    return rows.map((row, i) => {
      const { [PERSONAL_DATA_FIELD]: _sealed, ...data } = row.data;
      return {
        messageId: row.message_id,
        leadId: row.lead_id,
        attempts: row.attempts,
        data: data as unknown as EmailQueuedData,
        content: contents[i] as unknown as EmailQueuedPersonalData | null,
      };
    });
  }

  async reschedule(
    client: pg.PoolClient,
    messageId: string,
    attempts: number,
    delayMs: number,
    reason: string,
  ): Promise<void> {
    await client.query(
      `update mail_outbox set attempts = $2, last_error = $4,
         next_attempt_at = now() + make_interval(secs => $3)
       where message_id = $1`,
      [messageId, attempts, delayMs / 1000, reason],
    );
  }

  async remove(client: pg.PoolClient, messageId: string): Promise<void> {
    await client.query('delete from mail_outbox where message_id = $1', [messageId]);
  }

  /** Tries made and the last reason, per message still waiting (for the conversation view). */
  async pending(
    leadId: string,
  ): Promise<Map<string, { attempts: number; lastError: string | null }>> {
    const { rows } = await this.pool.query<{
      message_id: string;
      attempts: number;
      last_error: string | null;
    }>('select message_id, attempts, last_error from mail_outbox where lead_id = $1', [leadId]);
    return new Map(
      rows.map((r) => [r.message_id, { attempts: r.attempts, lastError: r.last_error }]),
    );
  }
}
