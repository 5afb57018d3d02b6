import { Migration } from '@mikro-orm/migrations';

/**
 * Sent e-mails waiting for the delivery worker. A row is written in the transaction that
 * records EmailQueued and removed in the one that records its delivery or failure; workers in
 * every app instance claim rows with `for update skip locked`.
 */
export class Migration20261124010000_mail_outbox extends Migration {
  override up(): void {
    this.addSql(`
      create table mail_outbox (
        message_id uuid primary key,
        lead_id uuid not null,
        queued_event_id uuid not null,
        queued_at timestamptz not null default now(),
        attempts int not null default 0,
        next_attempt_at timestamptz not null default now(),
        last_error text
      )`);
    this.addSql('create index mail_outbox_due on mail_outbox (next_attempt_at)');
    this.addSql('create index mail_outbox_lead on mail_outbox (lead_id)');
  }

  override down(): void {
    this.addSql('drop table mail_outbox');
  }
}
