import { type BeforeApplicationShutdown, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type pg from 'pg';
import {
  isDatabaseUnavailable,
  isDatabaseWaitExceeded,
} from '#src/platform/database/database-waits.js';
import { addSharedHits, type HitsToAdd, type SharedWindow } from './shared-limit-counts.js';

type Hit = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Keys the guard marks as counted for every instance; the others stay in this process. */
export const SHARED_KEY_PREFIX = 'shared|';
/** How often the hits admitted here are added to the shared count. */
export const FLUSH_INTERVAL_MS = 100;
/** A key's hits this instance admits before the shared count has them: the bound's P. */
export const LOCAL_HITS_PER_KEY = 1;
const SWEEP_INTERVAL_MS = 60_000;

/** What this instance knows of one key's shared window. */
interface KnownWindow {
  /** The shared total when the database last answered for this key, this instance's hits included. */
  known: number;
  /** Admitted here and not yet sent. */
  pending: number;
  /** Sent and not yet answered. */
  unread: number;
  /** Settles once every statement carrying this instance's hits of the key has. */
  landing: Promise<void> | null;
  ttlMs: number;
  /** When the window ends, on this process's monotonic clock (never before the database's end). */
  endsAt: number;
  /** The window's end by the database's clock, naming it; null until the database has answered. */
  id: number | null;
}

/**
 * Below this, a key's hit is admitted from memory; from it on, every hit is counted in the
 * database before it is answered. At least LOCAL_HITS_PER_KEY below the limit, or the bound fails.
 */
const localCeiling = (limit: number) => limit - Math.max(LOCAL_HITS_PER_KEY, Math.ceil(limit / 2));

const answer = (totalHits: number, window: KnownWindow, isBlocked: boolean): Hit => {
  const seconds = Math.max(0, Math.ceil((window.endsAt - performance.now()) / 1000));
  return {
    totalHits,
    timeToExpire: seconds,
    isBlocked,
    timeToBlockExpire: isBlocked ? seconds : 0,
  };
};

/** Takes the database's answer for a key, unless it is for a window before the one known. */
function learn(window: KnownWindow, total: SharedWindow, receivedAt: number): void {
  if (window.id !== null && total.endsAtMs < window.id) return;
  window.known = window.id === total.endsAtMs ? Math.max(window.known, total.hits) : total.hits;
  window.id = total.endsAtMs;
  window.endsAt = receivedAt + total.leftMs;
}

/**
 * Fixed windows counted in PostgreSQL (`rate_limit_hits`, unlogged), so a visitor gets the same
 * limit whichever instance answers (docs/decisions/0110-shared-instance-state.md), without a
 * round trip on most requests (docs/decisions/0129-shared-limits-off-the-request-path.md):
 * - a key known to be at its limit is refused from memory;
 * - a key in the lower half of its limit, with no hit of this instance the count lacks, is
 *   admitted from memory, and the hit is added to the shared count within FLUSH_INTERVAL_MS,
 *   all keys in one statement;
 * - any other hit is added to the shared count first and answered by its total.
 * A window whose hits passed the limit stays blocked to its end. While the database cannot be
 * reached (or its pool is exhausted) the count falls back to this process's, rather than
 * refusing every visitor.
 */
export class SharedThrottlerStorage
  implements ThrottlerStorage, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger(SharedThrottlerStorage.name);
  private readonly windows = new Map<string, KnownWindow>();
  private flushing: Promise<void> | null = null;
  private flushFailing = false;
  private readonly flusher = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS).unref();
  private readonly sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS).unref();

  constructor(
    private readonly pool: pg.Pool,
    private readonly local: ThrottlerStorage,
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<Hit> {
    if (!key.startsWith(SHARED_KEY_PREFIX))
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    const id = `${throttlerName}:${key}`;
    let window = this.windowOf(id, ttl);
    let fromMemory = this.fromMemory(window, limit);
    // This instance's earlier hits of the key are counted before this one, so the total it
    // gets lacks only other instances' hits admitted from memory: the bound's (instances - 1) x P.
    while (fromMemory === 'ask' && window.landing) {
      await window.landing;
      window = this.windowOf(id, ttl);
      fromMemory = this.fromMemory(window, limit);
    }
    if (fromMemory === 'refuse') return answer(window.known + 1, window, true);
    if (fromMemory === 'admit') {
      window.pending += 1;
      return answer(window.known + window.pending + window.unread, window, false);
    }
    try {
      const total = await this.addNow(id, window);
      return answer(total, window, total > limit);
    } catch (error) {
      if (!isDatabaseUnavailable(error) && !isDatabaseWaitExceeded(error)) throw error;
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
  }

  private windowOf(id: string, ttl: number): KnownWindow {
    let window = this.windows.get(id);
    if (!window || window.endsAt <= performance.now()) {
      // Hits still pending in an ended window are dropped with it: the database's window of the
      // same key has ended too (endsAt is never before it), and they must not count in the next.
      window = {
        known: 0,
        pending: 0,
        unread: 0,
        landing: null,
        ttlMs: ttl,
        endsAt: performance.now() + ttl,
        id: null,
      };
      this.windows.set(id, window);
    }
    return window;
  }

  /** Whether memory can answer a hit of `window`, or the shared count must be asked. */
  private fromMemory(window: KnownWindow, limit: number): 'refuse' | 'admit' | 'ask' {
    if (window.known >= limit) return 'refuse';
    const ownHits = window.pending + window.unread;
    return ownHits < LOCAL_HITS_PER_KEY && window.known + ownHits + 1 <= localCeiling(limit)
      ? 'admit'
      : 'ask';
  }

  /** Adds this hit and the key's pending ones to the shared count; answers the new total. */
  private async addNow(id: string, window: KnownWindow): Promise<number> {
    const sent = window.pending;
    window.pending = 0;
    const counted = addSharedHits(this.pool, [
      { key: id, hits: sent + 1, ttlMs: window.ttlMs },
    ]).then(([total]) => {
      learn(window, total, performance.now());
      return total.hits;
    });
    this.send(window, sent + 1, counted);
    try {
      return await counted;
    } catch (error) {
      window.pending += sent;
      throw error;
    }
  }

  /** Marks `hits` of `window` as on their way until `statement` (and any before it) settles. */
  private send(window: KnownWindow, hits: number, statement: Promise<unknown>): void {
    window.unread += hits;
    const landing: Promise<void> = Promise.all([
      window.landing,
      statement.catch(() => undefined),
    ]).then(() => {
      window.unread -= hits;
      if (window.landing === landing) window.landing = null;
    });
    window.landing = landing;
  }

  /** The hits admitted from memory, every key in one statement; one flush at a time. */
  private flush(): Promise<void> {
    this.flushing ??= this.flushPending().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushPending(): Promise<void> {
    const sent = new Map<KnownWindow, HitsToAdd>();
    for (const [key, window] of this.windows) {
      if (window.pending === 0) continue;
      sent.set(window, { key, hits: window.pending, ttlMs: window.ttlMs });
      window.pending = 0;
    }
    if (sent.size === 0) return;
    const counted = addSharedHits(this.pool, [...sent.values()]).then((totals) => {
      const receivedAt = performance.now();
      const byKey = new Map(totals.map((total) => [total.key, total]));
      for (const [window, { key }] of sent) learn(window, byKey.get(key)!, receivedAt);
    });
    for (const [window, { hits }] of sent) this.send(window, hits, counted);
    try {
      await counted;
      if (this.flushFailing) this.logger.log('rate limit hits reach the database again');
      this.flushFailing = false;
    } catch (error) {
      for (const [window, { hits }] of sent) window.pending += hits;
      if (!this.flushFailing)
        this.logger.warn(`rate limit hits not yet added, retrying: ${(error as Error).message}`);
      this.flushFailing = true;
    }
  }

  /** The last hits admitted from memory reach the shared count before the pool closes. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.flusher);
    await this.flushing;
    await this.flush();
  }

  onApplicationShutdown(): void {
    clearInterval(this.flusher);
    clearInterval(this.sweeper);
    (this.local as Partial<OnApplicationShutdown>).onApplicationShutdown?.();
  }

  /** Ended windows: this instance's, and in the table for all (whichever instance sweeps first). */
  private async sweep(): Promise<void> {
    const now = performance.now();
    for (const [id, window] of this.windows) {
      if (window.endsAt <= now && window.pending === 0 && window.unread === 0)
        this.windows.delete(id);
    }
    try {
      await this.pool.query('delete from rate_limit_hits where window_ends_at < now()');
    } catch (error) {
      this.logger.warn(`rate limit sweep failed: ${(error as Error).message}`);
    }
  }
}
