import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type pg from 'pg';
import { PatternCatalogue } from '#src/modules/patterns/catalogue/pattern-catalogue.js';
import { inTransaction, PG_POOL } from '#src/platform/database/queryable.js';

/**
 * Copies the committed catalogue into the `patterns` table at start. Idempotent and safe with
 * several instances starting together: rows are upserted, unchanged rows are left untouched, and
 * codes dropped from the catalogue are removed.
 */
@Injectable()
export class PatternSeeder implements OnApplicationBootstrap {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly catalogue: PatternCatalogue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.seed();
  }

  async seed(): Promise<void> {
    const rows = this.catalogue.entries().map((entry, position) => ({
      id: entry.id,
      name: entry.name,
      description: entry.description,
      family: entry.family,
      image_path: entry.imagePath,
      params: entry.params,
      position,
    }));
    await inTransaction(this.pool, async (db) => {
      // Instances starting together take turns instead of deadlocking on the same rows.
      await db.query("select pg_advisory_xact_lock(hashtext('patterns:seed'))");
      await db.query(
        `insert into patterns (id, name, description, family, image_path, params, position)
         select id, name, description, family, image_path, params, position
           from jsonb_to_recordset($1::jsonb) as r(
             id text, name text, description text, family text, image_path text,
             params jsonb, position int)
         on conflict (id) do update set
           name = excluded.name, description = excluded.description, family = excluded.family,
           image_path = excluded.image_path, params = excluded.params,
           position = excluded.position, updated_at = now()
         where (patterns.name, patterns.description, patterns.family, patterns.image_path,
                patterns.params, patterns.position)
           is distinct from (excluded.name, excluded.description, excluded.family,
                excluded.image_path, excluded.params, excluded.position)`,
        [JSON.stringify(rows)],
      );
      await db.query('delete from patterns where not (id = any($1::text[]))', [
        rows.map((row) => row.id),
      ]);
    });
  }
}
