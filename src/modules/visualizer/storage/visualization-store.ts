import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { APP_CONFIG, type AppConfig } from '#src/config/config.module.js';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { writeAtomically } from '#src/platform/storage/write-atomically.js';

/** 128 random bits, base64url: unguessable, and the only way to reach a render. */
export const VISUALIZATION_ID = /^[A-Za-z0-9_-]{22}$/;

export interface StoredVisualization {
  id: string;
  visitorId: string;
  patternId: string;
  renderer: string;
}

/**
 * Uploaded photos and their renders under `${DATA_DIR}/visualizations/`, one row each so the
 * retention job knows their age. Files are written under a temporary name and renamed, so a
 * crash never leaves half a JPEG behind a valid id.
 */
@Injectable()
export class VisualizationStore {
  readonly directory: string;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.directory = join(resolve(config.DATA_DIR), 'visualizations');
  }

  newId(): string {
    return randomBytes(16).toString('base64url');
  }

  renderPath(id: string): string {
    return join(this.directory, `${id}.jpg`);
  }

  originalPath(id: string): string {
    return join(this.directory, `${id}-original.jpg`);
  }

  async save(
    visualization: StoredVisualization,
    files: { original: Uint8Array; rendered: Uint8Array },
  ): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const { id } = visualization;
    try {
      await writeAtomically(this.originalPath(id), files.original, { mode: 0o600 });
      await writeAtomically(this.renderPath(id), files.rendered, { mode: 0o600 });
      await this.pool.query(
        `insert into visualizations (id, visitor_id, pattern_id, renderer) values ($1, $2, $3, $4)`,
        [id, visualization.visitorId, visualization.patternId, visualization.renderer],
      );
    } catch (error) {
      await this.removeFiles(id);
      throw error;
    }
  }

  /** Path of a stored render, or null when the id is unknown or its file is gone. */
  async findRender(id: string): Promise<string | null> {
    if (!VISUALIZATION_ID.test(id)) return null;
    const { rowCount } = await this.pool.query('select 1 from visualizations where id = $1', [id]);
    if (!rowCount) return null;
    const path = this.renderPath(id);
    return (await stat(path).catch(() => null))?.isFile() ? path : null;
  }

  /** Deletes every visualization created before `cutoff`. */
  async deleteCreatedBefore(cutoff: Date): Promise<number> {
    const { rows } = await this.pool.query<{ id: string }>(
      'select id from visualizations where created_at < $1 order by created_at',
      [cutoff],
    );
    return this.deleteEach(rows);
  }

  /** Deletes every visualization one visitor made. */
  async deleteOfVisitor(visitorId: string): Promise<number> {
    const { rows } = await this.pool.query<{ id: string }>(
      'select id from visualizations where visitor_id = $1',
      [visitorId],
    );
    return this.deleteEach(rows);
  }

  /** Files first, then the row: an interrupted delete leaves a row to find again, never a file. */
  private async deleteEach(rows: { id: string }[]): Promise<number> {
    for (const { id } of rows) {
      await this.removeFiles(id);
      await this.pool.query('delete from visualizations where id = $1', [id]);
    }
    return rows.length;
  }

  private async removeFiles(id: string): Promise<void> {
    await rm(this.originalPath(id), { force: true });
    await rm(this.renderPath(id), { force: true });
  }
}
