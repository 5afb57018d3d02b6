import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';

@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async record(event: string, page: string, dataJson: string): Promise<void> {
    await this.pool.query('insert into analytics_events (event, page, data) values ($1, $2, $3)', [
      event,
      page,
      dataJson,
    ]);
  }
}
