import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL, type Queryable } from '#src/platform/database/queryable.js';
import { LEAD_LIST_TABLE } from '#src/modules/leads/projections/lead-list/lead-list.projection.js';

/** A lead as found in a column: enough to move it at the version it was seen at. */
export interface LeadInColumn {
  id: string;
  version: number;
}

/**
 * Which leads a pipeline column holds, trashed ones included (so a restore never lands in a
 * column that no longer exists); erased leads hold no place. Answered from the inline lead list,
 * so inside a transaction that has the pipeline locked it is exact: a lead appended to the column
 * meanwhile either committed before the read or fails its pipeline requirement.
 */
@Injectable()
export class LeadsInColumnReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async find(
    columnId: string,
    { limit, db = this.pool }: { limit?: number; db?: Queryable } = {},
  ): Promise<LeadInColumn[]> {
    const { rows } = await db.query<LeadInColumn>(
      `select id, version from ${LEAD_LIST_TABLE} where status = $1 and erased_at is null
       ${limit ? 'limit $2' : ''}`,
      limit ? [columnId, limit] : [columnId],
    );
    return rows;
  }
}
