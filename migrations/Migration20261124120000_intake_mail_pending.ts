import { Migration } from '@mikro-orm/migrations';

/**
 * Leads whose intake e-mails (the quote e-mail and the company notification) are still to be
 * queued. A row is written in the transaction that creates the lead and removed in the one that
 * queues its e-mails, so no accepted quote goes without them; rendering and appending them is
 * left out of the public write. `claimed_until` is a worker's lease.
 */
export class Migration20261124120000_intake_mail_pending extends Migration {
  override up(): void {
    this.addSql(`
      create table intake_mail_pending (
        lead_event_id uuid primary key,
        lead_id uuid not null,
        created_at timestamptz not null default now(),
        claimed_until timestamptz
      )`);
    this.addSql('create index intake_mail_pending_lead on intake_mail_pending (lead_id)');
  }

  override down(): void {
    this.addSql('drop table intake_mail_pending');
  }
}
