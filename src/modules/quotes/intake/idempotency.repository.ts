import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { Refusal } from '#src/platform/domain/refusal.js';
import { PG_POOL } from '#src/platform/database/queryable.js';

export const IDEMPOTENCY_KEY_REUSED =
  'Tämä pyynnön tunniste (Idempotency-Key) on jo käytetty toiseen pyyntöön.';

export type SubmissionScope = 'quote' | 'contact';

/** Remembers the first answer per Idempotency-Key, tied to the request it answered. */
@Injectable()
export class IdempotencyRepository {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The stored answer, or null; a key reused for a different request is a conflict. */
  async find<T>(scope: SubmissionScope, key: string, requestHash: string): Promise<T | null> {
    const { rows } = await this.pool.query<{ request_hash: string; response: T }>(
      'select request_hash, response from public_submissions where scope = $1 and idempotency_key = $2',
      [scope, key],
    );
    if (rows.length === 0) return null;
    if (rows[0].request_hash !== requestHash) {
      // A public route: the refusal is in Finnish (docs/product.md#refusals-of-the-public-api).
      throw new Refusal('conflict', IDEMPOTENCY_KEY_REUSED);
    }
    return rows[0].response;
  }

  /** Removes keys older than `ageMs`; returns how many. */
  async forgetOlderThan(ageMs: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      'delete from public_submissions where created_at < now() - make_interval(secs => $1)',
      [ageMs / 1000],
    );
    return rowCount ?? 0;
  }

  async remember(scope: SubmissionScope, key: string, requestHash: string, response: object) {
    await this.pool.query(
      `insert into public_submissions (scope, idempotency_key, request_hash, response)
       values ($1, $2, $3, $4) on conflict (scope, idempotency_key) do nothing`,
      [scope, key, requestHash, JSON.stringify(response)],
    );
  }
}

/** Same hash for the same validated request, whatever the key order of the JSON. */
export function hashRequest(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('base64url');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
