import { Migration } from '@mikro-orm/migrations';

/** The pattern catalogue, seeded at start from the committed data (src/modules/patterns/data). */
export class Migration20261121050000_patterns extends Migration {
  override up(): void {
    this.addSql(`
      create table patterns (
        id text primary key,
        name text not null,
        description text not null,
        family text not null,
        image_path text not null,
        params jsonb not null,
        position int not null,
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create index patterns_family_idx on patterns (family)');
  }
}
