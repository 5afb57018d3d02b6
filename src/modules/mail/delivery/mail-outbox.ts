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
import { MemberEvents, type PasswordResetRequestedData } from '#src/modules/team/index.js';
import type { QueuedStaffMail, StaffMail } from '#src/modules/mail/staff/staff-mail.js';

export interface ClaimedLeadEmail {
  recipient: 'lead';
  messageId: string;
  leadId: string;
  /** Tries made before this one. */
  attempts: number;
  data: EmailQueuedData;
  /** null when the lead was erased since: nothing is left to send. */
  content: EmailQueuedPersonalData | null;
}

export interface ClaimedStaffEmail extends QueuedStaffMail {
  recipient: 'member';
  attempts: number;
}

export type ClaimedEmail = ClaimedLeadEmail | ClaimedStaffEmail;

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
    const resets = events.filter((e) => e.type === MemberEvents.PasswordResetRequested);
    if (resets.length > 0) {
      await this.queueStaffMail(
        resets.map((e) => {
          const { memberId, resetId } = e.data as unknown as PasswordResetRequestedData;
          return { messageId: e.eventId, memberId, mail: { kind: 'password_reset', resetId } };
        }),
        db,
      );
    }
    const settled = events
      .filter((e) => e.type === 'EmailDelivered' || e.type === 'EmailDeliveryFailed')
      .map((e) => (e.data as { messageId: string }).messageId);
    if (settled.length > 0) {
      await db.query('delete from mail_outbox where message_id = any($1::uuid[])', [settled]);
    }
  }

  /** Queues e-mails to members of staff, in the caller's transaction; a repeated id is stored once. */
  async queueStaffMail(mails: QueuedStaffMail[], db: Queryable): Promise<void> {
    await db.query(
      `insert into mail_outbox (message_id, member_id, staff_mail)
       select * from unnest($1::uuid[], $2::uuid[], $3::jsonb[])
       on conflict (message_id) do nothing`,
      [
        mails.map((m) => m.messageId),
        mails.map((m) => m.memberId),
        mails.map((m) => JSON.stringify(m.mail)),
      ],
    );
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
      lead_id: string | null;
      member_id: string | null;
      staff_mail: StaffMail | null;
      attempts: number;
      data: Record<string, unknown> | null;
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
         returning o.message_id, o.lead_id, o.member_id, o.staff_mail, o.attempts, o.queued_event_id
       )
       select c.message_id, c.lead_id, c.member_id, c.staff_mail, c.attempts, e.data
       from claimed c left join events e on e.event_id = c.queued_event_id`,
      [limit, leaseMs / 1000],
    );
    const leadRows = rows.filter((row) => row.lead_id !== null);
    const contents = await this.eventStore.personalData.openMany(
      leadRows.map((row) => row.data![PERSONAL_DATA_FIELD] as PersonalDataEnvelope),
    );
    const leadMail = leadRows.map((row, i): ClaimedLeadEmail => {
      const { [PERSONAL_DATA_FIELD]: _sealed, ...data } = row.data!;
      return {
        recipient: 'lead',
        messageId: row.message_id,
        leadId: row.lead_id!,
        attempts: row.attempts,
        data: data as unknown as EmailQueuedData,
        content: contents[i] as unknown as EmailQueuedPersonalData | null,
      };
    });
    const staffMail = rows
      .filter((row) => row.member_id !== null)
      .map((row): ClaimedStaffEmail => ({
        recipient: 'member',
        messageId: row.message_id,
        memberId: row.member_id!,
        mail: row.staff_mail!,
        attempts: row.attempts,
      }));
    return [...leadMail, ...staffMail];
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
