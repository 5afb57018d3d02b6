import { Migration } from '@mikro-orm/migrations';

/**
 * Visualizer: free-render counters (per visitor cookie id, and per hashed client IP per day)
 * and the stored renders, which the retention job deletes after 30 days.
 */
export class Migration20261121055000_visualizer extends Migration {
  override up(): void {
    this.addSql(`
      create table visualizer_visitors (
        visitor_id uuid primary key,
        renders int not null default 0 check (renders >= 0),
        created_at timestamptz not null default now(),
        last_render_at timestamptz
      )`);
    this.addSql(`
      create table visualizer_ip_days (
        ip_hash text not null,
        day date not null,
        renders int not null default 0 check (renders >= 0),
        primary key (ip_hash, day)
      )`);
    this.addSql(`
      create table visualizations (
        id text primary key,
        visitor_id uuid not null,
        pattern_id text not null,
        renderer text not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql('create index visualizations_created_at_idx on visualizations (created_at)');
  }
}
