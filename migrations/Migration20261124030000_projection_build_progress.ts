import { Migration } from '@mikro-orm/migrations';

/**
 * How far the current run of a projection build got and how much it has to do, so any process
 * sharing the database can show its progress, rate and time left.
 */
export class Migration20261124030000_projection_build_progress extends Migration {
  override up(): void {
    this.addSql(`
      alter table projection_checkpoints
        add column build_total bigint not null default 0,
        add column build_started_at timestamptz not null default now(),
        add column build_started_with bigint not null default 0`);
  }

  override down(): void {
    this.addSql(`
      alter table projection_checkpoints
        drop column build_total, drop column build_started_at, drop column build_started_with`);
  }
}
