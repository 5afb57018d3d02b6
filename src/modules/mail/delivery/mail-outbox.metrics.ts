import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { Metrics } from '#src/platform/metrics/metrics.js';

/** How much mail waits to go out, and how long the oldest has waited: one query per scrape. */
@Injectable()
export class MailOutboxMetrics {
  private reading: Promise<{ depth: number; oldestAge: number }> | null = null;

  constructor(
    metrics: Metrics,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {
    metrics.gauge(
      'mail_outbox_depth',
      'E-mails queued and not yet delivered or failed',
      async () => (await this.read()).depth,
    );
    metrics.gauge(
      'mail_outbox_oldest_age_seconds',
      'Time since the oldest undelivered e-mail was queued; 0 when none waits',
      async () => (await this.read()).oldestAge,
    );
  }

  /** Both gauges are collected in one scrape; they share its query. */
  private read(): Promise<{ depth: number; oldestAge: number }> {
    this.reading ??= this.pool
      .query<{ depth: number; oldest_age: number | null }>(
        `select count(*)::int as depth,
                extract(epoch from now() - min(queued_at))::float8 as oldest_age
         from mail_outbox`,
      )
      .then(({ rows }) => ({ depth: rows[0].depth, oldestAge: rows[0].oldest_age ?? 0 }))
      .finally(() => setImmediate(() => (this.reading = null)));
    return this.reading;
  }
}
