import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * Requests count as paused once this long has passed with none in flight: under a load some
 * request is nearly always in flight, while a client sending one request after another leaves
 * longer gaps than this.
 */
const QUIET_MS = 10;
/** A deferred worker looks again this often for a pause. */
const RECHECK_MS = 100;
/**
 * Background work waits for a pause at most this long: a burst of requests up to this long keeps
 * the cores to itself, and under steady load the work still runs about this often, so audit rows,
 * stats and intake e-mails lag by at most about this much.
 */
export const MAX_DEFER_MS = 10_000;
/**
 * While work keeps arriving, a paced worker's runs start at most this often, so each run takes
 * more of it in one read and one transaction; an idle worker still runs at once when woken.
 */
export const BUSY_RUN_INTERVAL_MS = 250;

/**
 * Whether the HTTP server is answering requests right now. Work nobody waits for (async
 * projections, intake e-mails) waits for a pause, so a burst of requests gets the cores and the
 * work catches up in larger batches after it (see docs/decisions/0030-after-commit-work-yields.md).
 */
@Injectable()
export class RequestPressure {
  private inFlight = 0;
  private lastAnsweredAt = -Infinity;

  /** Counts the requests in flight; mounted first, so it sees every request. */
  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    this.inFlight++;
    res.once('close', this.answered);
    next();
  };

  /**
   * Stops counting a request that stays open on purpose (a live stream): otherwise one open
   * screen would keep the server "busy" and every background worker at its longest wait.
   */
  release(res: Response): void {
    if (res.listeners('close').includes(this.answered)) {
      res.off('close', this.answered);
      this.answered();
    }
  }

  get busy(): boolean {
    return this.inFlight > 0 || performance.now() - this.lastAnsweredAt < QUIET_MS;
  }

  private readonly answered = (): void => {
    this.inFlight--;
    this.lastAnsweredAt = performance.now();
  };
}

/** When one background worker may run: at once while requests pause, else after a bounded wait. */
export class BackgroundPacer {
  private deferredSince: number | null = null;

  constructor(
    private readonly pressure: Pick<RequestPressure, 'busy'> | undefined,
    private readonly maxDeferMs = MAX_DEFER_MS,
  ) {}

  /** 0: run now. Otherwise the milliseconds to wait before asking again. */
  wait(): number {
    if (!this.pressure?.busy) return this.ran();
    const now = performance.now();
    this.deferredSince ??= now;
    const left = this.deferredSince + this.maxDeferMs - now;
    return left <= 0 ? this.ran() : Math.min(left, RECHECK_MS);
  }

  private ran(): number {
    this.deferredSince = null;
    return 0;
  }
}
