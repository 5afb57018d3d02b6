import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type pg from 'pg';
import {
  isDatabaseUnavailable,
  isDatabaseWaitExceeded,
} from '#src/platform/database/database-waits.js';

type Hit = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Keys the guard marks as counted for every instance; the others stay in this process. */
export const SHARED_KEY_PREFIX = 'shared|';
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Fixed windows counted in PostgreSQL (`rate_limit_hits`, unlogged), one upsert a request, so a
 * visitor gets the same limit whichever instance answers (docs/decisions/0110-shared-instance-state.md).
 * A window whose hits passed the limit stays blocked to its end. While the database cannot be
 * reached (or its pool is exhausted) the count falls back to this process's, rather than refusing every visitor.
 */
export class SharedThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger(SharedThrottlerStorage.name);
  private readonly sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS).unref();

  constructor(
    private readonly pool: pg.Pool,
    private readonly local: ThrottlerStorage,
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<Hit> {
    if (!key.startsWith(SHARED_KEY_PREFIX))
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    try {
      const { rows } = await this.pool.query<{ hits: number; left_ms: number }>(
        `insert into rate_limit_hits as w (key, window_ends_at, hits)
         values ($1, now() + make_interval(secs => $2 / 1000.0), 1)
         on conflict (key) do update set
           hits = case when w.window_ends_at <= now() then 1 else w.hits + 1 end,
           window_ends_at = case when w.window_ends_at <= now() then excluded.window_ends_at
                                 else w.window_ends_at end
         returning hits, (extract(epoch from window_ends_at - now()) * 1000)::float8 as left_ms`,
        [`${throttlerName}:${key}`, ttl],
      );
      const { hits, left_ms: leftMs } = rows[0];
      const seconds = Math.max(0, Math.ceil(leftMs / 1000));
      const isBlocked = hits > limit;
      return {
        totalHits: hits,
        timeToExpire: seconds,
        isBlocked,
        timeToBlockExpire: isBlocked ? seconds : 0,
      };
    } catch (error) {
      if (!isDatabaseUnavailable(error) && !isDatabaseWaitExceeded(error)) throw error;
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
    (this.local as Partial<OnApplicationShutdown>).onApplicationShutdown?.();
  }

  /** Ended windows; whichever instance sweeps first does it for all. */
  private async sweep(): Promise<void> {
    try {
      await this.pool.query('delete from rate_limit_hits where window_ends_at < now()');
    } catch (error) {
      this.logger.warn(`rate limit sweep failed: ${(error as Error).message}`);
    }
  }
}
