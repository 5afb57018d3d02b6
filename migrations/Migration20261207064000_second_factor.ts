import { Migration } from '@mikro-orm/migrations';

/**
 * A member's second factor (docs/decisions/0128-second-factor.md): the TOTP secret sealed under a
 * key derived from APP_SECRET (it must be read back to check codes, so it cannot be hashed), the
 * time step of the last code accepted (a code is refused twice), and the recovery codes as
 * argon2 hashes. Kept out of the log as passwords are. The team's policy of whether admins must
 * have one is at most one row, written with its event; no row reads as not required, so a
 * restore can load the row a backup holds.
 */
export class Migration20261207064000_second_factor extends Migration {
  override up(): void {
    this.addSql(`
      create table staff_second_factors (
        member_id uuid primary key,
        sealed_secret bytea not null,
        created_at timestamptz not null default now(),
        confirmed_at timestamptz,
        last_used_step bigint not null default 0
      )`);
    this.addSql(`
      create table staff_recovery_codes (
        id bigserial primary key,
        member_id uuid not null,
        code_hash text not null,
        used_at timestamptz
      )`);
    this.addSql('create index staff_recovery_codes_member on staff_recovery_codes (member_id)');
    this.addSql(`
      create table staff_security_policy (
        id boolean primary key default true check (id),
        second_factor_required_for_admins boolean not null default false
      )`);
  }

  override down(): void {
    this.addSql('drop table staff_security_policy');
    this.addSql('drop table staff_recovery_codes');
    this.addSql('drop table staff_second_factors');
  }
}
