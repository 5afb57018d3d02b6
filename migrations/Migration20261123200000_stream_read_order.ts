import { Migration } from '@mikro-orm/migrations';

/**
 * Each stream remembers the read-order key (`events.transaction_id`) of its newest event, so an
 * append can give its events a key no lower than that. A transaction that took its id before a
 * later one appended to the same stream would otherwise sort its newer events first.
 */
export class Migration20261123200000_stream_read_order extends Migration {
  override up(): void {
    this.addSql(`alter table streams add column last_transaction_id xid8 not null default '0'`);
    this.addSql(`
      update streams s set last_transaction_id = e.last
      from (select stream_id, max(transaction_id) as last from events group by stream_id) e
      where e.stream_id = s.stream_id`);
  }

  override down(): void {
    this.addSql('alter table streams drop column last_transaction_id');
  }
}
