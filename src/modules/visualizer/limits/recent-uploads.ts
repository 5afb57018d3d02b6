import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { FREE_RERENDER_WINDOW_MS } from '../visualizer.constants.js';

/**
 * Uploads a visitor has paid a free render for, kept for the re-render window: correcting the
 * fronts or trying another pattern on the same photo then costs nothing. Stored in the database,
 * so the window holds across restarts and across app instances sharing it.
 */
@Injectable()
export class RecentUploads {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  static digest(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('base64url');
  }

  async isFreeRerender(visitorId: string, digest: string, now = new Date()): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `select 1 from visualizer_free_rerenders
       where visitor_id = $1 and photo_digest = $2 and free_until > $3`,
      [visitorId, digest, now],
    );
    return (rowCount ?? 0) > 0;
  }

  /** The visitor was charged for this photo: re-renders are free for the window from now. */
  async charged(visitorId: string, digest: string, now = new Date()): Promise<void> {
    await this.pool.query(
      `insert into visualizer_free_rerenders (visitor_id, photo_digest, free_until)
       values ($1, $2, $3)
       on conflict (visitor_id, photo_digest) do update set free_until = excluded.free_until`,
      [visitorId, digest, new Date(now.getTime() + FREE_RERENDER_WINDOW_MS)],
    );
  }

  /** Windows that have ended mean nothing any more; returns how many went. */
  async forgetEnded(now = new Date()): Promise<number> {
    const result = await this.pool.query(
      'delete from visualizer_free_rerenders where free_until <= $1',
      [now],
    );
    return result.rowCount ?? 0;
  }

  /** A visitor who asks to be forgotten leaves no photo digests behind either. */
  async forgetVisitor(visitorId: string): Promise<void> {
    await this.pool.query('delete from visualizer_free_rerenders where visitor_id = $1', [
      visitorId,
    ]);
  }
}
