import { Migration } from '@mikro-orm/migrations';

/**
 * The SHA-256 and size of each stored photo and render, recorded when stored, so a file
 * damaged in the store is refused instead of served. Rows stored before have none.
 */
export class Migration20261207020000_visualization_digests extends Migration {
  override up(): void {
    this.addSql(`
      alter table visualizations
        add column original_sha256 text,
        add column original_bytes integer,
        add column render_sha256 text,
        add column render_bytes integer`);
  }

  override down(): void {
    this.addSql(`
      alter table visualizations
        drop column original_sha256,
        drop column original_bytes,
        drop column render_sha256,
        drop column render_bytes`);
  }
}
