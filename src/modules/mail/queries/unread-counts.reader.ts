import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import type { UnreadCounts } from '#src/contract/mail.js';
import type { PrecompressedJson } from '#src/platform/http/precompressed-json.js';
import {
  UNREAD_COUNTS_TABLE,
  UNREAD_GENERATION_TABLE,
} from '#src/modules/mail/projections/unread-counts/unread-counts.projection.js';

const gzipAsync = promisify(gzip);

/** The counts as the API answers them: JSON text, gzipped and tagged once for every caller. */
export interface UnreadCountsAnswer extends PrecompressedJson {
  generation: string;
}

const GENERATION = {
  name: 'mail-unread-generation',
  text: `select generation from ${UNREAD_GENERATION_TABLE}`,
};

/** Both in one snapshot: the generation names exactly the counts read with it. */
export const UNREAD_JSON = {
  name: 'mail-unread-counts-json',
  text: `select g.generation,
           (select coalesce(json_object_agg(lead_id, unread), '{}')::text
            from ${UNREAD_COUNTS_TABLE} where on_board) as counts
         from ${UNREAD_GENERATION_TABLE} g`,
};

/**
 * Every open board polls the counts, and with thousands of leads unread building the JSON and
 * compressing it was nearly all of the call. The answer is kept while its generation is the
 * current one, so a poll with nothing new costs one single-row read, on any app instance.
 */
@Injectable()
export class UnreadCountsReader {
  private latest: Promise<UnreadCountsAnswer> | null = null;

  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async counts(): Promise<UnreadCounts> {
    return JSON.parse((await this.answer()).json.toString()) as UnreadCounts;
  }

  async answer(): Promise<UnreadCountsAnswer> {
    const { rows } = await this.pool.query<{ generation: string }>(GENERATION);
    const kept = this.latest && (await this.latest.catch(() => null));
    if (kept?.generation === rows[0].generation) return kept;
    const reading = this.read();
    this.latest = reading;
    return reading;
  }

  private async read(): Promise<UnreadCountsAnswer> {
    const { rows } = await this.pool.query<{ generation: string; counts: string }>(UNREAD_JSON);
    const json = Buffer.from(rows[0].counts);
    return {
      generation: rows[0].generation,
      json,
      // Random lead ids barely compress beyond the fastest level (2.6 % larger than the default
      // one) at half the time, and every board waits for this after a change.
      gzipped: await gzipAsync(json, { level: 1 }),
      // From the content, not the generation: a database restored from a backup counts its
      // generations again, and a tag must never name two different answers.
      tag: createHash('sha256').update(json).digest('base64url').slice(0, 27),
    };
  }
}
