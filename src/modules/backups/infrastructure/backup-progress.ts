import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { BackupProgressInfo } from '#src/contract/backups.js';
import { PG_POOL } from '#src/platform/database/queryable.js';

/** A progress row this old belongs to a backup whose instance died: nothing is being written. */
const STALE_AFTER_SECONDS = 120;
/** Progress is written at most this often: every instance's Backups tab reads it. */
const WRITE_EVERY_MS = 1_000;

/**
 * The backup being written now, by whichever instance, and why the last scheduled one failed:
 * one row in `backup_state`, so every instance's Backups tab tells the same.
 */
@Injectable()
export class BackupProgress {
  private lastWrite = 0;
  private pending: Promise<unknown> = Promise.resolve();

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async read(): Promise<{ current: BackupProgressInfo | null; lastError: string | null }> {
    const { rows } = await this.pool.query<{
      in_progress: BackupProgressInfo | null;
      last_error: string | null;
    }>(
      `select case when updated_at > now() - make_interval(secs => $1) then in_progress end
                as in_progress, last_error
       from backup_state where id = 1`,
      [STALE_AFTER_SECONDS],
    );
    return { current: rows[0]?.in_progress ?? null, lastError: rows[0]?.last_error ?? null };
  }

  /** Called on every chunk of a backup; writes one row a second, never waited for. */
  report(progress: BackupProgressInfo): void {
    const now = Date.now();
    if (now - this.lastWrite < WRITE_EVERY_MS) return;
    this.lastWrite = now;
    this.pending = this.pending
      .then(() =>
        this.pool.query(
          'update backup_state set in_progress = $1, updated_at = now() where id = 1',
          [progress],
        ),
      )
      .catch(() => undefined);
  }

  async finished(): Promise<void> {
    await this.pending;
    this.lastWrite = 0;
    await this.pool.query(
      'update backup_state set in_progress = null, updated_at = now() where id = 1',
    );
  }

  /** Why the last scheduled backup failed, or null once one succeeds. */
  async setLastError(message: string | null): Promise<void> {
    await this.pool.query('update backup_state set last_error = $1 where id = 1', [message]);
  }
}
