import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { inTransaction, PG_POOL } from '#src/platform/database/queryable.js';
import { FREE_RENDERS_PER_VISITOR } from '../visualizer.constants.js';

export interface RenderAllowance {
  visitorId: string;
  ipHash: string;
}

class LimitReached extends Error {}

/**
 * Three free renders per visitor cookie, and a daily cap per hashed client IP so clearing
 * cookies does not reset the count (docs/decisions/0011-visualizer-limits.md). A render is
 * reserved before it starts (so parallel requests cannot overshoot) and given back if it fails.
 */
@Injectable()
export class FreeRenderLimits {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** True when both counters had room and now count this render. */
  async reserve({ visitorId, ipHash }: RenderAllowance): Promise<boolean> {
    const reserved = inTransaction(this.pool, async (client) => {
      const visitor = await client.query(
        `insert into visualizer_visitors (visitor_id, renders, last_render_at) values ($1, 1, now())
         on conflict (visitor_id) do update
           set renders = visualizer_visitors.renders + 1, last_render_at = now()
           where visualizer_visitors.renders < $2
         returning renders`,
        [visitorId, FREE_RENDERS_PER_VISITOR],
      );
      if (visitor.rowCount === 0) throw new LimitReached();
      const ip = await client.query(
        `insert into visualizer_ip_days (ip_hash, day, renders) values ($1, current_date, 1)
         on conflict (ip_hash, day) do update set renders = visualizer_ip_days.renders + 1
           where visualizer_ip_days.renders < $2
         returning renders`,
        [ipHash, this.config.VISUALIZER_IP_DAILY_LIMIT],
      );
      // Rolls the visitor's increment back too: a refused render counts nowhere.
      if (ip.rowCount === 0) throw new LimitReached();
      return true;
    });
    return reserved.catch((error: unknown) => {
      if (error instanceof LimitReached) return false;
      throw error;
    });
  }

  /** Gives a reserved render back (the render failed: the visitor got nothing). */
  async release({ visitorId, ipHash }: RenderAllowance): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query(
        `update visualizer_visitors set renders = greatest(renders - 1, 0) where visitor_id = $1`,
        [visitorId],
      );
      await client.query(
        `update visualizer_ip_days set renders = greatest(renders - 1, 0)
         where ip_hash = $1 and day = current_date`,
        [ipHash],
      );
    });
  }

  /** Free renders this visitor has left (the IP cap aside). */
  async remaining(visitorId: string | null): Promise<number> {
    if (!visitorId) return FREE_RENDERS_PER_VISITOR;
    const { rows } = await this.pool.query<{ renders: number }>(
      'select renders from visualizer_visitors where visitor_id = $1',
      [visitorId],
    );
    return Math.max(0, FREE_RENDERS_PER_VISITOR - (rows[0]?.renders ?? 0));
  }

  /** Per-IP counters only matter for the day they count. */
  async forgetPastDays(): Promise<number> {
    const result = await this.pool.query(
      `delete from visualizer_ip_days where day < current_date - 1`,
    );
    return result.rowCount ?? 0;
  }
}
