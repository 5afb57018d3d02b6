import { Migration } from '@mikro-orm/migrations';

/**
 * Two event types kept what can be a person's data in plain data, where no erasure reaches it:
 * `PersonalDataExported` v1 the export's filter values (a free-text filter may be an e-mail),
 * `EmailDeliveryFailed` v1 the mail server's answer (which often quotes the address). These are
 * records of our own making, so their stored rows are rewritten to version 2: the filters' kinds
 * only, and no reason (it cannot be sealed in SQL). The log is otherwise never rewritten
 * (docs/decisions/0106-no-personal-data-outside-the-vault.md).
 */
export class Migration20261206210000_no_personal_data_in_plain_events extends Migration {
  override up(): void {
    this.addSql('alter table events disable trigger events_no_update');
    this.addSql(`
      update events set schema_version = 2, data = (data - 'filter') || jsonb_build_object(
        'filterKinds', coalesce((
          select jsonb_agg(kind order by array_position(
            array['actorId', 'type', 'leadId', 'memberId', 'from', 'to', 'q'], kind))
          from jsonb_object_keys(coalesce(data -> 'filter', '{}'::jsonb)) as kind
          where kind in ('actorId', 'type', 'leadId', 'memberId', 'from', 'to', 'q')
        ), '[]'::jsonb))
      where type = 'PersonalDataExported' and schema_version = 1`);
    this.addSql(`
      update events set schema_version = 2, data = data - 'reason'
      where type = 'EmailDeliveryFailed' and schema_version = 1`);
    this.addSql('alter table events enable trigger events_no_update');
  }

  override down(): void {
    // The values removed are gone by design.
  }
}
