import type pg from 'pg';
import { NOTIFY_APPENDED } from './event-store.sql.js';

/** Async runners also poll and coalesce their runs; a wake-up per interval is enough. */
const ANNOUNCE_INTERVAL_MS = 50;

/**
 * Wakes async projection runners (of every instance) after group-committed appends, at most once
 * per interval. NOTIFY inside the appending transaction would serialise commits on a server-wide
 * lock, so it is sent afterwards, on its own.
 */
export class AppendAnnouncer {
  private timer: NodeJS.Timeout | null = null;
  private lastAnnounced = 0;
  private announcing: Promise<void> | null = null;

  constructor(private readonly pool: pg.Pool) {}

  announce(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastAnnounced + ANNOUNCE_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.lastAnnounced = Date.now();
      this.announcing = this.pool
        .query(NOTIFY_APPENDED)
        .then(
          () => undefined,
          () => undefined, // runners poll as well; a lost wake-up only delays them
        )
        .finally(() => {
          this.announcing = null;
        });
    }, wait);
  }

  /** Drops a wake-up not sent yet and waits for one in flight. */
  async drain(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.announcing) await this.announcing;
  }
}
