import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000_event_store extends Migration {
  override up(): void {
    this.addSql(`
      create table streams (
        stream_id text primary key,
        type text not null,
        version int not null
      )`);
    this.addSql(`
      create table events (
        global_position bigint generated always as identity primary key,
        transaction_id xid8 not null default pg_current_xact_id(),
        stream_id text not null,
        stream_version int not null,
        event_id uuid not null unique,
        type text not null,
        schema_version int not null default 1,
        data jsonb not null,
        metadata jsonb not null,
        occurred_at timestamptz not null default now(),
        unique (stream_id, stream_version)
      )`);
    this.addSql(
      'create index events_transaction_position on events (transaction_id, global_position)',
    );
    // The log is append-only: history is never rewritten, erasure shreds keys instead.
    this.addSql(`
      create function events_are_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'events are append-only';
      end $$`);
    this.addSql(`
      create trigger events_no_update before update or delete on events
      for each statement execute function events_are_immutable()`);
    this.addSql(`
      create table data_subject_keys (
        subject_id text primary key,
        wrapped_key bytea not null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`
      create table projections (
        name text primary key,
        active_version int not null,
        definition_version int not null
      )`);
    this.addSql(`
      create table projection_checkpoints (
        name text not null,
        version int not null,
        transaction_id xid8 not null default '0',
        global_position bigint not null default 0,
        processed bigint not null default 0,
        updated_at timestamptz not null default now(),
        primary key (name, version)
      )`);
  }

  override down(): void {
    this.addSql('drop table projection_checkpoints');
    this.addSql('drop table projections');
    this.addSql('drop table data_subject_keys');
    this.addSql('drop table events');
    this.addSql('drop function events_are_immutable');
    this.addSql('drop table streams');
  }
}
