import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import type { UnreadCounts } from '#src/contract/mail.js';
import { UNREAD_COUNTS_TABLE } from '#src/modules/mail/projections/unread-counts/unread-counts.projection.js';

const UNREAD = {
  name: 'mail-unread-counts',
  text: `select lead_id::text as lead_id, unread from ${UNREAD_COUNTS_TABLE} where unread > 0`,
};

@Injectable()
export class UnreadCountsReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async counts(): Promise<UnreadCounts> {
    const { rows } = await this.pool.query<{ lead_id: string; unread: number }>(UNREAD);
    const counts: UnreadCounts = {};
    for (const row of rows) counts[row.lead_id] = row.unread;
    return counts;
  }
}
