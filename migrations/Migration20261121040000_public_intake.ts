import { Migration } from '@mikro-orm/migrations';

export class Migration20261121040000_public_intake extends Migration {
  override up(): void {
    // The first answer to a public submission, so a retried request with the same
    // Idempotency-Key gets it back instead of creating a second lead.
    this.addSql(`
      create table public_submissions (
        scope text not null,
        idempotency_key text not null,
        request_hash text not null,
        response jsonb not null,
        created_at timestamptz not null default now(),
        primary key (scope, idempotency_key)
      )`);
    this.addSql('create index public_submissions_created_at on public_submissions (created_at)');
    // Anonymous usage events: no personal identifiers, no cookie, no IP.
    this.addSql(`
      create table analytics_events (
        id bigint generated always as identity primary key,
        event text not null,
        page text not null,
        data jsonb not null default '{}',
        occurred_at timestamptz not null default now()
      )`);
    this.addSql(
      'create index analytics_events_event_time on analytics_events (event, occurred_at)',
    );
  }

  override down(): void {
    this.addSql('drop table analytics_events');
    this.addSql('drop table public_submissions');
  }
}
