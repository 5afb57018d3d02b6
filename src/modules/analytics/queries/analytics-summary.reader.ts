import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { type AnalyticsSummary, FUNNEL_STEPS, type PageViewsDay } from '#src/contract/analytics.js';

/** Days are counted as the company lives them (docs/product.md#cookies-and-analytics). */
export const ANALYTICS_TIME_ZONE = 'Europe/Helsinki';

/** Page views and the visit → visualizer → quote funnel over a period, from the anonymous events. */
@Injectable()
export class AnalyticsSummaryReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async summary(from: Date, to: Date): Promise<AnalyticsSummary> {
    const period = [from.toISOString(), to.toISOString()];
    const [views, funnel] = await Promise.all([
      this.pool.query<PageViewsDay>(
        `select to_char(occurred_at at time zone $3, 'YYYY-MM-DD') as day, page, count(*)::int as views
         from analytics_events
         where event = 'page_view' and occurred_at >= $1 and occurred_at < $2
         group by 1, 2 order by 1, 2`,
        [...period, ANALYTICS_TIME_ZONE],
      ),
      this.pool.query<{ event: string; n: number }>(
        `select event, count(*)::int as n from analytics_events
         where event = any($3) and occurred_at >= $1 and occurred_at < $2 group by event`,
        [...period, FUNNEL_STEPS.map((s) => s.event)],
      ),
    ]);
    const counts = new Map(funnel.rows.map((r) => [r.event, r.n]));
    return {
      from: period[0],
      to: period[1],
      pageViews: views.rows,
      funnel: FUNNEL_STEPS.map(({ step, label, event }) => ({
        step,
        label,
        count: counts.get(event) ?? 0,
      })),
    };
  }
}
