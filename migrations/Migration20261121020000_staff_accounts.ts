import { Migration } from '@mikro-orm/migrations';

/**
 * Secrets and session state of staff accounts. They stay out of the event log on purpose:
 * a password hash must never be replayed or backed up as history, and sessions are operational.
 */
export class Migration20261121020000_staff_accounts extends Migration {
  override up(): void {
    this.addSql(`
      create table staff_credentials (
        member_id uuid primary key,
        password_hash text not null,
        must_change_password boolean not null default false,
        changed_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table staff_sessions (
        id uuid primary key,
        member_id uuid not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        ended_at timestamptz,
        end_reason text
      )`);
    this.addSql(
      'create index staff_sessions_live on staff_sessions (member_id) where ended_at is null',
    );
    // Failed logins per client and per account, kept for a minute: the login throttle's memory,
    // shared by every app instance. Keys are keyed hashes, never a plain e-mail or IP.
    this.addSql(`
      create table auth_login_failures (
        key text not null,
        failed_at timestamptz not null default now()
      )`);
    this.addSql('create index auth_login_failures_key on auth_login_failures (key, failed_at)');
  }

  override down(): void {
    this.addSql('drop table auth_login_failures');
    this.addSql('drop table staff_sessions');
    this.addSql('drop table staff_credentials');
  }
}
