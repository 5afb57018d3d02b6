import { Migration } from '@mikro-orm/migrations';

/** When each scheduled job last started, so app instances sharing the database run it once. */
export class Migration20261123210000_scheduled_job_runs extends Migration {
  override up(): void {
    this.addSql(`
      create table scheduled_job_runs (
        job text primary key,
        started_at timestamptz not null,
        started_by text not null
      )`);
  }

  override down(): void {
    this.addSql('drop table scheduled_job_runs');
  }
}
