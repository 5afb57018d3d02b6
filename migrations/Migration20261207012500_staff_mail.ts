import { Migration } from '@mikro-orm/migrations';

/**
 * Mail to a member of staff through the outbox (docs/decisions/0125-staff-mail-and-password-reset.md).
 * A lead's e-mail keeps its row as before: the lead and the `EmailQueued` event it was queued by.
 * A staff e-mail names its member and what to write (`staff_mail`: its kind and the ids it is
 * written from, never its text), and is rendered when it is sent. Password reset links, stored
 * by the hash of their token only; and the follow-up digests queued, one per member and day.
 */
export class Migration20261207012500_staff_mail extends Migration {
  override up(): void {
    this.addSql('alter table mail_outbox alter column lead_id drop not null');
    this.addSql('alter table mail_outbox alter column queued_event_id drop not null');
    this.addSql('alter table mail_outbox add column member_id uuid');
    this.addSql('alter table mail_outbox add column staff_mail jsonb');
    this.addSql(`
      alter table mail_outbox add constraint mail_outbox_one_recipient check (
        (lead_id is not null and queued_event_id is not null and member_id is null and staff_mail is null)
        or (lead_id is null and queued_event_id is null and member_id is not null and staff_mail is not null)
      )`);
    this.addSql(`
      create table password_resets (
        id uuid primary key,
        member_id uuid not null,
        token_hash bytea not null unique,
        requested_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      )`);
    this.addSql('create index password_resets_member on password_resets (member_id)');
    this.addSql(`
      create table follow_up_digests (
        member_id uuid not null,
        day date not null,
        queued_at timestamptz not null default now(),
        primary key (member_id, day)
      )`);
  }

  override down(): void {
    this.addSql('drop table follow_up_digests');
    this.addSql('drop table password_resets');
    this.addSql('delete from mail_outbox where member_id is not null');
    this.addSql('alter table mail_outbox drop constraint mail_outbox_one_recipient');
    this.addSql('alter table mail_outbox drop column staff_mail');
    this.addSql('alter table mail_outbox drop column member_id');
    this.addSql('alter table mail_outbox alter column queued_event_id set not null');
    this.addSql('alter table mail_outbox alter column lead_id set not null');
  }
}
