import type { BackgroundPacer } from './request-pressure.js';

export interface WorkLoopOptions {
  /** Lets requests go first: a wake-up waits for a pause in them, within the pacer's bound. */
  pacer?: BackgroundPacer;
  /**
   * A wake-up during a run starts the next run no sooner than this after the run's start, so a
   * stream of wake-ups becomes fewer, larger runs.
   */
  minIntervalMs?: number;
}

/**
 * Runs a worker's `work` when woken, and again `pollMs` after each run as the safety net. A wake
 * during a run asks for one more run after it, so nothing woken for is missed and runs never
 * overlap. `work` handles its own errors: the loop only keeps time.
 */
export class WorkLoop {
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly pollMs: number,
    private readonly options: WorkLoopOptions = {},
  ) {}

  get started(): boolean {
    return this.running;
  }

  start(): void {
    this.running = true;
    this.wake();
  }

  /** Stops polling and resolves once a run in flight has ended. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.loop;
  }

  /** Runs now instead of at the next poll (or after the run in flight). */
  wake(): void {
    if (!this.running) return;
    if (this.loop) {
      this.again = true;
      return;
    }
    const wait = this.options.pacer?.wait() ?? 0;
    this.schedule(wait);
    if (wait > 0) return;
    const started = performance.now();
    this.loop = this.work().finally(() => {
      this.loop = null;
      if (!this.running) return;
      if (!this.again) return this.schedule(this.pollMs);
      this.again = false;
      const { minIntervalMs = 0 } = this.options;
      const wait = started + minIntervalMs - performance.now();
      if (wait > 0) this.schedule(wait);
      else this.wake();
    });
  }

  /** Resolves once no run is in flight. */
  async idle(): Promise<void> {
    while (this.loop) await this.loop;
  }

  /** Replaces the pending timer with a wake-up in `ms` (none for 0). */
  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = ms > 0 ? setTimeout(() => this.wake(), ms) : null;
  }
}
