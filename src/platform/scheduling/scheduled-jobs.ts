import { hostname } from 'node:os';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';

/**
 * A run claims its job for most of its period, so that timers of instances started a little
 * apart do not each run it; a later timer of the same period finds it claimed and skips.
 */
const CLAIMED_SHARE_OF_PERIOD = 0.9;

/**
 * Runs each scheduled job in one app instance per period, however many instances share the
 * database: a run starts only after claiming the job's row, and a claim lasts most of a period.
 */
@Injectable()
export class ScheduledJobs {
  private readonly logger = new Logger(ScheduledJobs.name);
  private readonly instance = `${hostname()}:${process.pid}`;

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** Runs `work` unless this job already ran (here or in another instance) within its period. */
  async runOnce(job: string, periodMs: number, work: () => Promise<void>): Promise<boolean> {
    if (!(await this.claim(job, periodMs))) return false;
    this.logger.log(`running scheduled job ${job}`);
    await work();
    return true;
  }

  private async claim(job: string, periodMs: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `insert into scheduled_job_runs as r (job, started_at, started_by) values ($1, now(), $3)
       on conflict (job) do update set started_at = now(), started_by = $3
       where r.started_at <= now() - make_interval(secs => $2)`,
      [job, (periodMs * CLAIMED_SHARE_OF_PERIOD) / 1000, this.instance],
    );
    return rowCount === 1;
  }
}
