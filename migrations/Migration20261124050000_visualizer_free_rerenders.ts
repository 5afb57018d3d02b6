import { Migration } from '@mikro-orm/migrations';

/**
 * Photos a visitor has paid a free render for, and until when re-rendering them is free. In the
 * database so the window survives a restart and holds across app instances.
 */
export class Migration20261124050000_visualizer_free_rerenders extends Migration {
  override up(): void {
    this.addSql(`
      create table visualizer_free_rerenders (
        visitor_id uuid not null,
        photo_digest text not null,
        free_until timestamptz not null,
        primary key (visitor_id, photo_digest)
      )`);
    this.addSql(
      'create index visualizer_free_rerenders_free_until_idx on visualizer_free_rerenders (free_until)',
    );
  }

  override down(): void {
    this.addSql('drop table visualizer_free_rerenders');
  }
}
