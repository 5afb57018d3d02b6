import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import type { UnreadCounts } from '#src/contract/mail.js';
import { UNREAD_COUNTS_TABLE } from '#src/modules/mail/projections/unread-counts/unread-counts.projection.js';

/**
 * The answer is built as JSON text by PostgreSQL: with thousands of leads unread, turning rows
 * into objects and back into JSON was most of the call.
 */
export const UNREAD_JSON = {
  name: 'mail-unread-counts-json',
  text: `select coalesce(json_object_agg(lead_id, unread), '{}')::text as counts
         from ${UNREAD_COUNTS_TABLE} where on_board`,
};

@Injectable()
export class UnreadCountsReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async counts(): Promise<UnreadCounts> {
    return JSON.parse(await this.countsJson()) as UnreadCounts;
  }

  /** The counts as the JSON text the API answers. */
  async countsJson(): Promise<string> {
    const { rows } = await this.pool.query<{ counts: string }>(UNREAD_JSON);
    return rows[0].counts;
  }
}
