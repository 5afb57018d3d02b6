import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ScheduledJobs } from '#src/platform/scheduling/scheduled-jobs.js';
import { IdempotencyRepository } from './idempotency.repository.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A retry comes within minutes; a day is ample. The rows carry hashes of personal data, so
 * they are not kept longer than their purpose needs.
 */
@Injectable()
export class IdempotencyRetention implements OnApplicationBootstrap {
  private readonly logger = new Logger(IdempotencyRetention.name);

  constructor(
    private readonly idempotency: IdempotencyRepository,
    private readonly jobs: ScheduledJobs,
  ) {}

  /** Also at start: a server restarted more often than hourly would otherwise never purge. */
  onApplicationBootstrap(): void {
    void this.runScheduled();
  }

  @Interval(HOUR_MS)
  async runScheduled(): Promise<void> {
    try {
      await this.jobs.runOnce('idempotency-retention', HOUR_MS, () => this.purge());
    } catch (error) {
      this.logger.warn(`idempotency key purge failed: ${String(error)}`);
    }
  }

  async purge(): Promise<void> {
    const removed = await this.idempotency.forgetOlderThan(24 * HOUR_MS);
    if (removed > 0) this.logger.log(`forgot ${removed} idempotency keys older than a day`);
  }
}
