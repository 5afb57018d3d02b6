import { Migration } from '@mikro-orm/migrations';

/**
 * Photos open for tap-to-segment during the correction window: the model's scaled copy (so any
 * instance can encode it again), how many taps it has had, and when the window ends.
 */
export class Migration20261206200000_visualizer_tap_uploads extends Migration {
  override up(): void {
    this.addSql(`
      create table visualizer_tap_uploads (
        id text primary key,
        frame_width integer not null,
        frame_height integer not null,
        frame_jpeg bytea not null,
        taps integer not null default 0,
        expires_at timestamptz not null
      )`);
    this.addSql(
      'create index visualizer_tap_uploads_expires_at_idx on visualizer_tap_uploads (expires_at)',
    );
  }

  override down(): void {
    this.addSql('drop table visualizer_tap_uploads');
  }
}
