import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
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
import {
  checkBytes,
  digestOf,
  type StoredDigest,
  verified,
} from '#src/platform/storage/stored-digest.js';

/** 128 random bits, base64url: unguessable, and the only way to reach a render. */
export const VISUALIZATION_ID = /^[A-Za-z0-9_-]{22}$/;

type FileKind = 'original' | 'render';

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
 * behind a valid id; the row keeps each file's SHA-256 and size, so a file damaged in the store
 * is refused (FileDamagedError), never served.
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
    const original = digestOf(files.original);
    const rendered = digestOf(files.rendered);
    try {
      const jpeg = { contentType: 'image/jpeg' };
      await this.files.put(this.originalName(id), files.original, jpeg);
      await this.files.put(this.renderName(id), files.rendered, jpeg);
      await this.pool.query(
        `insert into visualizations (id, visitor_id, pattern_id, renderer,
           original_sha256, original_bytes, render_sha256, render_bytes)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          visualization.visitorId,
          visualization.patternId,
          visualization.renderer,
          original.sha256,
          original.size,
          rendered.sha256,
          rendered.size,
        ],
      );
    } catch (error) {
      await this.removeFiles(id).catch(() => undefined);
      throw error;
    }
  }

  /**
   * A stored render opened for reading, its body checked as it streams; null when the id is
   * unknown or its file is gone; FileStoreUnavailableError when the store cannot be reached,
   * FileDamagedError when its size is not the one stored.
   */
  async openRender(id: string): Promise<StoredObject | null> {
    const expected = await this.digestOf(id, 'render');
    if (expected === undefined) return null;
    const object = await this.open(this.renderName(id));
    if (!object) return null;
    return expected ? verified(object, expected) : object;
  }

  /**
   * The uploaded photo or the render of a visualization, read whole and checked; null when
   * unknown or gone.
   */
  async readFile(id: string, kind: FileKind): Promise<Buffer | null> {
    const expected = await this.digestOf(id, kind);
    if (expected === undefined) return null;
    const name = kind === 'render' ? this.renderName(id) : this.originalName(id);
    const object = await this.open(name);
    if (!object) return null;
    const bytes = await buffer(object.body);
    return expected ? checkBytes(object.key, bytes, expected) : bytes;
  }

  /** The file's digest as stored; null for a row stored before digests were kept; undefined: no row. */
  private async digestOf(id: string, kind: FileKind): Promise<StoredDigest | null | undefined> {
    if (!VISUALIZATION_ID.test(id)) return undefined;
    const { rows } = await this.pool.query<{ sha256: string | null; size: number | null }>(
      kind === 'render'
        ? 'select render_sha256 as sha256, render_bytes as size from visualizations where id = $1'
        : 'select original_sha256 as sha256, original_bytes as size from visualizations where id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    return row.sha256 ? { sha256: row.sha256, size: row.size ?? undefined } : null;
  }

  private async open(name: string): Promise<StoredObject | null> {
    try {
      return await this.files.get(name);
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
