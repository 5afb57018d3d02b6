import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import {
  type FileFolder,
  FileMissingError,
  type FileStore,
  type StoredObject,
} from '#src/platform/storage/file-store.js';
import { FILE_STORE, folderOf, FOLDERS } from '#src/platform/storage/file-stores.js';

/** 128 random bits, base64url: unguessable, and the only way to reach a render. */
export const VISUALIZATION_ID = /^[A-Za-z0-9_-]{22}$/;

export interface StoredVisualization {
  id: string;
  visitorId: string;
  patternId: string;
  renderer: string;
}

/**
 * Uploaded photos and their renders in the file store's `visualizations` folder (on disk,
 * `${DATA_DIR}/visualizations/`), one row each so the retention job knows their age. A file
 * appears under its name only once completely written, so a crash never leaves half a JPEG
 * behind a valid id.
 */
@Injectable()
export class VisualizationStore {
  readonly files: FileFolder;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(FILE_STORE) store: FileStore,
  ) {
    this.files = folderOf(store, FOLDERS.visualizations);
  }

  newId(): string {
    return randomBytes(16).toString('base64url');
  }

  renderName(id: string): string {
    return `${id}.jpg`;
  }

  originalName(id: string): string {
    return `${id}-original.jpg`;
  }

  async save(
    visualization: StoredVisualization,
    files: { original: Uint8Array; rendered: Uint8Array },
  ): Promise<void> {
    const { id } = visualization;
    try {
      const jpeg = { contentType: 'image/jpeg' };
      await this.files.put(this.originalName(id), files.original, jpeg);
      await this.files.put(this.renderName(id), files.rendered, jpeg);
      await this.pool.query(
        `insert into visualizations (id, visitor_id, pattern_id, renderer) values ($1, $2, $3, $4)`,
        [id, visualization.visitorId, visualization.patternId, visualization.renderer],
      );
    } catch (error) {
      await this.removeFiles(id).catch(() => undefined);
      throw error;
    }
  }

  /**
   * A stored render opened for reading, or null when the id is unknown or its file is gone;
   * FileStoreUnavailableError when the store cannot be reached.
   */
  async openRender(id: string): Promise<StoredObject | null> {
    if (!VISUALIZATION_ID.test(id)) return null;
    const { rowCount } = await this.pool.query('select 1 from visualizations where id = $1', [id]);
    if (!rowCount) return null;
    try {
      return await this.files.get(this.renderName(id));
    } catch (error) {
      if (error instanceof FileMissingError) return null;
      throw error;
    }
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
    await this.files.delete(this.originalName(id));
    await this.files.delete(this.renderName(id));
  }
}
