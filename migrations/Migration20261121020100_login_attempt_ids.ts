import { Migration } from '@mikro-orm/migrations';

/**
 * Login tries are now counted before the password is checked (so a burst of parallel guesses
 * cannot all slip under the limit) and withdrawn on success, which needs a row id.
 */
export class Migration20261121020100_login_attempt_ids extends Migration {
  override up(): void {
    this.addSql(
      'alter table auth_login_failures add column id bigint generated always as identity',
    );
  }

  override down(): void {
    this.addSql('alter table auth_login_failures drop column id');
  }
}
