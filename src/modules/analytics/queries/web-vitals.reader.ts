import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import {
  type PageVitals,
  WEB_VITAL_EVENT,
  WEB_VITALS,
  type WebVitalMetric,
  type WebVitalsSummary,
} from '#src/contract/analytics.js';

/** Past this many pages the table would be a list of one-off paths; the most measured are kept. */
export const WEB_VITALS_PAGES = 50;

interface VitalRow {
  page: string;
  metric: WebVitalMetric;
  p75: number;
  good_share: number;
  samples: number;
  page_samples: number;
}

/**
 * Per page and metric over a period, as the Chrome UX Report gives them: the 75th percentile of
 * the page views' values and the share rated good by the metric's threshold
 * (docs/product.md#core-web-vitals).
 */
@Injectable()
export class WebVitalsReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async summary(from: Date, to: Date): Promise<WebVitalsSummary> {
    // Rated here by the thresholds, not by the rating the browser sent.
    const { rows } = await this.pool.query<VitalRow>(
      `with vitals as (
         select e.page, t.metric, (e.data->>'value')::float8 as value, t.good_at_most
         from analytics_events e
         join unnest($4::text[], $5::float8[]) as t(metric, good_at_most)
           on t.metric = e.data->>'metric'
         where e.event = $3 and e.occurred_at >= $1 and e.occurred_at < $2
           and jsonb_typeof(e.data->'value') = 'number'
       ), per_metric as (
         select page, metric,
                percentile_disc(0.75) within group (order by value) as p75,
                avg((value <= good_at_most)::int)::float8 as good_share,
                count(*)::int as samples
         from vitals group by page, metric
       )
       select *, sum(samples) over (partition by page)::int as page_samples
       from per_metric
       order by page_samples desc, page`,
      [
        from.toISOString(),
        to.toISOString(),
        WEB_VITAL_EVENT,
        WEB_VITALS.map((vital) => vital.metric),
        WEB_VITALS.map((vital) => vital.goodAtMost),
      ],
    );
    const pages = new Map<string, PageVitals>();
    for (const row of rows) {
      if (!pages.has(row.page) && pages.size === WEB_VITALS_PAGES) break;
      const page = pages.get(row.page) ?? { page: row.page, vitals: [] };
      pages.set(row.page, page);
      page.vitals.push({
        metric: row.metric,
        p75: row.p75,
        goodShare: row.good_share,
        samples: row.samples,
      });
    }
    const order = WEB_VITALS.map((vital) => vital.metric);
    for (const page of pages.values()) {
      page.vitals.sort((a, b) => order.indexOf(a.metric) - order.indexOf(b.metric));
    }
    return { from: from.toISOString(), to: to.toISOString(), pages: [...pages.values()] };
  }
}
