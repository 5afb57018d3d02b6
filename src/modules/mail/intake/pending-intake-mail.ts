import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL, type Queryable } from '#src/platform/database/queryable.js';

export interface PendingIntake {
  leadEventId: string;
  leadId: string;
}

/** The `intake_mail_pending` table: leads whose intake e-mails are still to be queued. */
@Injectable()
export class PendingIntakeMail {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** In the transaction that creates the leads: one statement for the whole batch. */
  async add(pending: PendingIntake[], db: Queryable): Promise<void> {
    await db.query(
      `insert into intake_mail_pending (lead_event_id, lead_id)
       select * from unnest($1::uuid[], $2::uuid[])
       on conflict (lead_event_id) do nothing`,
      [pending.map((p) => p.leadEventId), pending.map((p) => p.leadId)],
    );
  }

  /**
   * Leases up to `limit` rows for `leaseMs`: another worker (of this or another instance) skips
   * them until the lease ends, and takes them over if this one dies before settling them.
   */
  async claim(limit: number, leaseMs: number): Promise<PendingIntake[]> {
    const { rows } = await this.pool.query<{ lead_event_id: string; lead_id: string }>(
      `update intake_mail_pending set claimed_until = now() + $2 * interval '1 millisecond'
       where lead_event_id in (
         select lead_event_id from intake_mail_pending
         where claimed_until is null or claimed_until < now()
         order by created_at
         limit $1
         for update skip locked)
       returning lead_event_id, lead_id`,
      [limit, leaseMs],
    );
    return rows.map((row) => ({ leadEventId: row.lead_event_id, leadId: row.lead_id }));
  }

  async remove(leadEventIds: string[], db: Queryable): Promise<void> {
    await db.query('delete from intake_mail_pending where lead_event_id = any($1::uuid[])', [
      leadEventIds,
    ]);
  }

  /** Erased leads get no e-mail. */
  async forgetLeads(leadIds: string[], db: Queryable): Promise<void> {
    await db.query('delete from intake_mail_pending where lead_id = any($1::uuid[])', [leadIds]);
  }
}
