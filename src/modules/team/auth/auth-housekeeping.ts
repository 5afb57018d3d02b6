import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { ScheduledJobs } from '#src/platform/scheduling/scheduled-jobs.js';
import { PasswordResets } from './password-resets.js';

const EVERY_HOUR = 60 * 60 * 1000;

/**
 * Ended and expired sessions are kept for a week (useful when looking into an incident), and
 * login failures only for their one-minute window, reset links a day past their use or expiry;
 * then they go, so no table grows forever.
 */
@Injectable()
export class AuthHousekeeping implements OnApplicationBootstrap {
  private readonly logger = new Logger('AuthHousekeeping');

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly jobs: ScheduledJobs,
    private readonly resets: PasswordResets,
  ) {}

  /** Also at start: a server restarted more often than hourly would otherwise never prune. */
  onApplicationBootstrap(): void {
    void this.runScheduled();
  }

  @Interval(EVERY_HOUR)
  async runScheduled(): Promise<void> {
    try {
      await this.jobs.runOnce('auth-housekeeping', EVERY_HOUR, () => this.prune());
    } catch (error) {
      this.logger.warn(`pruning sessions failed: ${(error as Error).message}`);
    }
  }

  async prune(): Promise<void> {
    await this.pool.query(
      `delete from staff_sessions
       where coalesce(ended_at, expires_at) < now() - interval '7 days'`,
    );
    await this.pool.query(
      `delete from auth_login_failures where failed_at < now() - interval '1 minute'`,
    );
    await this.resets.prune();
  }
}
