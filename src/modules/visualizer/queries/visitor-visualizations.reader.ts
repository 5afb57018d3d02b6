import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { VisualizationStore } from '#src/modules/visualizer/storage/visualization-store.js';

/** One stored visualization with its files; a file the retention job already took reads as null. */
export interface VisitorVisualization {
  id: string;
  patternId: string;
  createdAt: string;
  photo: Buffer | null;
  render: Buffer | null;
}

/**
 * The visualizations one visitor made, oldest first, with the uploaded photo and the render:
 * the right-of-access export holds them (docs/product.md#right-of-access).
 */
@Injectable()
export class VisitorVisualizationsReader {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly store: VisualizationStore,
  ) {}

  async of(visitorId: string): Promise<VisitorVisualization[]> {
    const { rows } = await this.pool.query<{ id: string; pattern_id: string; created_at: Date }>(
      `select id, pattern_id, created_at from visualizations where visitor_id = $1
       order by created_at, id`,
      [visitorId],
    );
    const found: VisitorVisualization[] = [];
    for (const row of rows) {
      found.push({
        id: row.id,
        patternId: row.pattern_id,
        createdAt: row.created_at.toISOString(),
        photo: await this.store.readFile(row.id, 'original'),
        render: await this.store.readFile(row.id, 'render'),
      });
    }
    return found;
  }
}
