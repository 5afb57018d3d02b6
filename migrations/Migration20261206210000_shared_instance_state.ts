import { Migration } from '@mikro-orm/migrations';

/**
 * What every app instance must see alike (docs/decisions/0110-shared-instance-state.md):
 * - `erasure_ledger`: every erased data subject, written in the erasing transaction, copied into
 *   every backup and replayed by every restore;
 * - `backup_state`: the backup being written now and why the last scheduled one failed;
 * - `rate_limit_hits`: the public rate limits' fixed windows, counted for all instances at once.
 */
export class Migration20261206210000_shared_instance_state extends Migration {
  override up(): void {
    this.addSql(`
      create table erasure_ledger (
        subject_id text primary key,
        erased_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table backup_state (
        id smallint primary key default 1 check (id = 1),
        in_progress jsonb,
        last_error text,
        updated_at timestamptz not null default now()
      )`);
    this.addSql('insert into backup_state (id) values (1)');
    this.addSql(`
      create unlogged table rate_limit_hits (
        key text primary key,
        window_ends_at timestamptz not null,
        hits integer not null
      )`);
  }

  override down(): void {
    this.addSql('drop table rate_limit_hits');
    this.addSql('drop table backup_state');
    this.addSql('drop table erasure_ledger');
  }
}
