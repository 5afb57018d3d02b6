import { Migration } from '@mikro-orm/migrations';

/**
 * Events a running build has folded in memory past its checkpoint: shown as progress, but not
 * counted when an interrupted build resumes (it folds them again).
 */
export class Migration20261124100000_projection_build_unflushed extends Migration {
  override up(): void {
    this.addSql(
      'alter table projection_checkpoints add column build_unflushed bigint not null default 0',
    );
  }

  override down(): void {
    this.addSql('alter table projection_checkpoints drop column build_unflushed');
  }
}
