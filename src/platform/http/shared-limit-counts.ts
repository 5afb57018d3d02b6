import type pg from 'pg';

/** Hits of one key to add to its shared window, which lasts `ttlMs` if this opens it. */
export interface HitsToAdd {
  key: string;
  hits: number;
  ttlMs: number;
}

/** A key's window after the addition: its total for every instance, and when it ends. */
export interface SharedWindow {
  key: string;
  hits: number;
  /** The database's clock: names the window, so two answers can tell whether they share it. */
  endsAtMs: number;
  leftMs: number;
}

/**
 * Adds hits to several keys' fixed windows in `rate_limit_hits` in one statement and answers
 * their totals. An ended window starts again with the hits added. Keys are locked in sorted
 * order, so two instances adding overlapping batches cannot deadlock.
 */
export async function addSharedHits(
  pool: pg.Pool,
  batch: readonly HitsToAdd[],
): Promise<SharedWindow[]> {
  const sorted = [...batch].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const { rows } = await pool.query<SharedWindow>(
    `insert into rate_limit_hits as w (key, window_ends_at, hits)
     select key, now() + make_interval(secs => ttl_ms / 1000.0), hits
       from unnest($1::text[], $2::int[], $3::float8[]) with ordinality as b(key, hits, ttl_ms, n)
      order by n
     on conflict (key) do update set
       hits = case when w.window_ends_at <= now() then excluded.hits else w.hits + excluded.hits end,
       window_ends_at = case when w.window_ends_at <= now() then excluded.window_ends_at
                             else w.window_ends_at end
     returning key, hits,
       (extract(epoch from window_ends_at) * 1000)::float8 as "endsAtMs",
       (extract(epoch from window_ends_at - now()) * 1000)::float8 as "leftMs"`,
    [sorted.map((row) => row.key), sorted.map((row) => row.hits), sorted.map((row) => row.ttlMs)],
  );
  return rows;
}
