import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { Metrics } from '#src/platform/metrics/metrics.js';
import { BACKUP_STREAM_ID } from '../domain/backup.events.js';

/**
 * Age of the newest backup, whichever instance took it, read from the backups stream rather
 * than the file store, so it still answers while the bucket is down. +Inf before the first one,
 * so an alert on its age fires for an installation that never backed up.
 */
@Injectable()
export class BackupMetrics {
  constructor(metrics: Metrics, @Inject(PG_POOL) pool: pg.Pool) {
    metrics.gauge(
      'backup_newest_age_seconds',
      'Time since the newest backup was written',
      async () => {
        const { rows } = await pool.query<{ age: number }>(
          `select extract(epoch from now() - occurred_at)::float8 as age from events
           where stream_id = $1 and type = 'BackupCreated'
           order by stream_version desc limit 1`,
          [BACKUP_STREAM_ID],
        );
        return rows[0]?.age ?? Number.POSITIVE_INFINITY;
      },
    );
  }
}
