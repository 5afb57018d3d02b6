import { Migration } from '@mikro-orm/migrations';

export class Migration20261121030000_leads extends Migration {
  override up(): void {
    // Trigram indexes make the case-insensitive substring search of the lead list fast.
    this.addSql('create extension if not exists pg_trgm');
  }
}
