import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { IdempotencyRepository } from './idempotency.repository.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A retry comes within minutes; a day is ample. The rows carry hashes of personal data, so
 * they are not kept longer than their purpose needs.
 */
@Injectable()
export class IdempotencyRetention {
  private readonly logger = new Logger(IdempotencyRetention.name);

  constructor(private readonly idempotency: IdempotencyRepository) {}

  @Interval(HOUR_MS)
  async purge(): Promise<void> {
    try {
      const removed = await this.idempotency.forgetOlderThan(24 * HOUR_MS);
      if (removed > 0) this.logger.log(`forgot ${removed} idempotency keys older than a day`);
    } catch (error) {
      this.logger.warn(`idempotency key purge failed: ${String(error)}`);
    }
  }
}
