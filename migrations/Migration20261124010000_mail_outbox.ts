import { Migration } from '@mikro-orm/migrations';

/**
 * The mail module's work tables. Sent e-mails waiting for the delivery worker: a row is written
 * in the transaction that records EmailQueued and removed in the one that records its delivery
 * or failure. A worker claims due rows with `for update skip locked` and moves their
 * `next_attempt_at` past its lease, so no other instance takes them while it sends.
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
    // Which lead a Message-ID of the conversation belongs to: replies are matched by their
    // In-Reply-To and References headers when the reply address was lost.
    this.addSql(`
      create table mail_message_ids (
        header_message_id text primary key,
        lead_id uuid not null
      )`);
    this.addSql('create index mail_message_ids_lead on mail_message_ids (lead_id)');
  }

  override down(): void {
    this.addSql('drop table mail_message_ids');
    this.addSql('drop table mail_outbox');
  }
}
