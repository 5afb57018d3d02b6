import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { Queryable } from '#src/platform/database/queryable.js';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import type { InlineEvent } from '#src/platform/event-store/event-store.types.js';
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

/** The outbox table: rows follow the events; workers claim them with row locks and a lease. */
@Injectable()
export class MailOutbox {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly eventStore: EventStore,
  ) {}

  /** Runs in the appending transaction: the row exists exactly when the event does. */
  async follow(events: InlineEvent[], db: Queryable): Promise<void> {
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
   * Claims up to `limit` due messages for `leaseMs`: rows another worker is claiming are
   * skipped, and a claimed row is not due again until the lease ends, so two app instances
   * never send one message at the same time. A worker that dies while sending leaves its
   * messages to be claimed again once the lease is over.
   */
  async claimDue(limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
    const { rows } = await this.pool.query<{
      message_id: string;
      lead_id: string;
      attempts: number;
      data: Record<string, unknown>;
    }>(
      `with due as (
         select message_id from mail_outbox
         where next_attempt_at <= now()
         order by next_attempt_at
         limit $1
         for update skip locked
       ), claimed as (
         update mail_outbox o set next_attempt_at = now() + make_interval(secs => $2)
         from due where o.message_id = due.message_id
         returning o.message_id, o.lead_id, o.attempts, o.queued_event_id
       )
       select c.message_id, c.lead_id, c.attempts, e.data
       from claimed c join events e on e.event_id = c.queued_event_id`,
      [limit, leaseMs / 1000],
    );
    const contents = await this.eventStore.personalData.openMany(
      rows.map((row) => row.data[PERSONAL_DATA_FIELD] as PersonalDataEnvelope),
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

  /** Gives a message back after a temporary failure, due again after `delayMs`. */
  async reschedule(
    messageId: string,
    attempts: number,
    delayMs: number,
    reason: string,
  ): Promise<void> {
    await this.pool.query(
      `update mail_outbox set attempts = $2, last_error = $4,
         next_attempt_at = now() + make_interval(secs => $3)
       where message_id = $1`,
      [messageId, attempts, delayMs / 1000, reason],
    );
  }

  async remove(messageId: string): Promise<void> {
    await this.pool.query('delete from mail_outbox where message_id = $1', [messageId]);
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
